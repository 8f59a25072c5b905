import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from '@/modules/ui/components/Button';
import { Checkbox, FormError, SelectField, TextField } from '@/modules/ui/components/Field';
import { Card, Muted, Row, Stack } from '@/modules/ui/components/Layout';
import type { QuietHours } from '../types/notificationSettings';
import { quietHoursDraft, quietHoursOf, quietHoursProblem, zoneChoices, type QuietHoursDraft } from '../utils/quietHours';

const StyledTimes = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(9em, 1fr));
  gap: ${({ theme }) => theme.spacing(3)};
`;

export interface QuietHoursCardProps {
  /** The quiet hours saved, if any: where the form starts. */
  saved: QuietHours | null | undefined;
  /** Saves quiet hours, or turns them off with `null`; answers whether they were saved. */
  onSave: (quietHours: QuietHours | null) => Promise<boolean>;
}

/**
 * Quiet hours: from and until (past midnight when the end is earlier) in a time zone, this
 * browser's unless chosen; push notifications wait through them. Off means none.
 */
export function QuietHoursCard({ saved, onSave }: QuietHoursCardProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const [draft, setDraft] = useState(() => quietHoursDraft(saved));
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const zones = useMemo(() => zoneChoices(draft.timeZone).map((zone) => ({ value: zone, label: zone })), [draft.timeZone]);

  const change = (patch: Partial<QuietHoursDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setProblem(null);
  };

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const found = quietHoursProblem(draft);
    setProblem(found);
    if (found) return;
    setBusy(true);
    await onSave(quietHoursOf(draft));
    setBusy(false);
  };

  return (
    <Card aria-labelledby={headingId}>
      <form onSubmit={handleSubmit} noValidate data-testid="quiet-hours">
        <Stack $gap={3}>
          <h2 id={headingId} style={{ margin: 0 }}>{t('notificationSettings.quiet.heading')}</h2>
          <Muted>{t('notificationSettings.quiet.explain')}</Muted>
          <Checkbox label={t('notificationSettings.quiet.enabled')} checked={draft.on} onChange={(e) => change({ on: e.target.checked })} />
          {draft.on ? (
            <>
              <StyledTimes>
                <TextField type="time" required label={t('notificationSettings.quiet.from')} value={draft.from} onChange={(e) => change({ from: e.target.value })} />
                <TextField type="time" required label={t('notificationSettings.quiet.until')} value={draft.until} onChange={(e) => change({ until: e.target.value })} />
              </StyledTimes>
              <SelectField label={t('notificationSettings.quiet.timeZone')} value={draft.timeZone} options={zones} onChange={(e) => change({ timeZone: e.target.value })} />
              <Muted>{t('notificationSettings.quiet.pastMidnight')}</Muted>
            </>
          ) : null}
          {problem ? <FormError role="alert">{t(problem)}</FormError> : null}
          <Row $justify="flex-end">
            <Button type="submit" disabled={busy}>{t('common.save')}</Button>
          </Row>
        </Stack>
      </form>
    </Card>
  );
}
