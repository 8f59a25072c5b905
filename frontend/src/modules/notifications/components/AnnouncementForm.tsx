import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useApi } from '@/modules/auth/hooks/useApi';
import { useMe } from '@/modules/auth/hooks/useMe';
import { useReportedCall } from '@/modules/snackbar/hooks/useReportedCall';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import { Button } from '@/modules/ui/components/Button';
import { Checkbox, FormError, SelectField, TextAreaField, TextField } from '@/modules/ui/components/Field';
import { Card, Muted, PageHeader, Row, Stack } from '@/modules/ui/components/Layout';
import { announcementErrors, ANNOUNCEMENT_LIMITS, type AnnouncementDraft } from '../utils/announcement';

const EMPTY: AnnouncementDraft = { title: '', content: '', variant: 4, everyone: true, employees: [] };

/** `/newNotification`: a manager tells the team, or chosen colleagues, something. */
export function AnnouncementForm() {
  const { t } = useTranslation();
  const api = useApi();
  const { run, busy } = useReportedCall();
  const navigate = useNavigate();
  const me = useMe();
  const { storeId, employees } = useCurrentStore();
  const [draft, setDraft] = useState<AnnouncementDraft>(EMPTY);
  const [errors, setErrors] = useState<ReturnType<typeof announcementErrors>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const colleagues = employees
    .filter((e) => !e.deactive && e.userId && e.userId !== me?.id)
    .sort((a, b) => (a.displayName || a.email).localeCompare(b.displayName || b.email, undefined, { numeric: true }));

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const found = announcementErrors(draft);
    setErrors(found);
    if (!storeId || Object.keys(found).length > 0) return;
    const sent = await run(
      () =>
        api.call('sendAnnouncement', {
          store: storeId,
          title: draft.title,
          content: draft.content,
          variant: draft.variant,
          employees: draft.everyone ? null : draft.employees,
        }),
      { key: 'announcement', done: (d) => t('announce.sent', { count: d.sent }), inline: setFailure },
    );
    if (sent) navigate('/notifications');
  };

  const toggle = (id: string) =>
    setDraft({ ...draft, employees: draft.employees.includes(id) ? draft.employees.filter((x) => x !== id) : [...draft.employees, id] });

  return (
    <Stack style={{ maxWidth: 720 }}>
      <PageHeader>
        <h1>{t('announce.title')}</h1>
      </PageHeader>
      <Card>
        <form onSubmit={(e) => void handleSubmit(e)} noValidate data-testid="announcement-form">
          <Stack $gap={3}>
            <Muted>{t('announce.intro')}</Muted>
            <TextField
              label={t('announce.subject')}
              value={draft.title}
              maxLength={ANNOUNCEMENT_LIMITS.title}
              onChange={(e) => setDraft({ ...draft, title: e.target.value })}
              error={errors.title && t(errors.title)}
            />
            <TextAreaField
              label={t('announce.text')}
              value={draft.content}
              maxLength={ANNOUNCEMENT_LIMITS.content}
              onChange={(e) => setDraft({ ...draft, content: e.target.value })}
              error={errors.content && t(errors.content)}
            />
            <SelectField
              label={t('announce.variant')}
              value={String(draft.variant)}
              onChange={(e) => setDraft({ ...draft, variant: Number(e.target.value) })}
              options={[4, 1, 2, 3].map((v) => ({ value: String(v), label: t(`announce.variants.${v}`) }))}
            />
            <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
              <legend>{t('announce.to')}</legend>
              <Stack $gap={2}>
                <Checkbox label={t('announce.everyone')} checked={draft.everyone} onChange={(e) => setDraft({ ...draft, everyone: e.target.checked })} data-testid="announce-everyone" />
                {draft.everyone ? null : (
                  <Stack $gap={1} data-testid="announce-people">
                    {colleagues.map((c) => (
                      <Checkbox key={c.id} label={c.displayName || c.email} checked={draft.employees.includes(c.id)} onChange={() => toggle(c.id)} />
                    ))}
                    {errors.employees ? <FormError role="alert">{t(errors.employees)}</FormError> : null}
                  </Stack>
                )}
              </Stack>
            </fieldset>
            {failure ? <FormError role="alert">{failure}</FormError> : null}
            <Row $justify="flex-end" $gap={2}>
              <Button type="button" $variant="secondary" onClick={() => navigate('/notifications')}>{t('common.cancel')}</Button>
              <Button type="submit" disabled={busy} data-testid="announce-send">{t('announce.send')}</Button>
            </Row>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
