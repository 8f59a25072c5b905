import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { errorText } from '@/modules/api/errors';
import { useReportedCall } from '@/modules/snackbar/hooks/useReportedCall';
import { Button } from '@/modules/ui/components/Button';
import { choiceOf } from '@/modules/forms/validation';
import { FormError, SelectField, TextAreaField, TextField } from '@/modules/ui/components/Field';
import { Card, Muted, PageHeader, Row, Stack } from '@/modules/ui/components/Layout';
import { useSupportCalls } from '../hooks/useSupportCalls';
import { useSupportFormats } from '../hooks/useSupportFormats';
import { PRIORITIES, type TicketPriority } from '../types/support';
import { ATTACHMENT_ACCEPT, attachmentProblem } from '../utils/attachment';

const StyledFile = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(1)};
  font-size: 14px;
  label { color: ${({ theme }) => theme.color.text}; font-weight: 500; }
  input { max-width: 100%; }
`;

const StyledName = styled.bdi`
  overflow-wrap: anywhere;
`;

/** `/support/ticket/newTicket`: title, description, priority and one zip or jpg (≤ 20 MB). */
export function NewTicketForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { run, busy } = useReportedCall();
  const calls = useSupportCalls();
  const { number } = useSupportFormats();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [priority, setPriority] = useState<TicketPriority>('medium');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const handleFile = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0] ?? null;
    setFileError(null);
    if (!chosen) {
      setFile(null);
      return;
    }
    const problem = attachmentProblem(chosen);
    if (problem) {
      setFile(null);
      setFileError(t(`support.attachment.${problem}`));
      e.target.value = '';
      return;
    }
    setFile(chosen);
  };

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim() || !description.trim()) {
      setError(t('support.form.required'));
      return;
    }
    const made = await run(
      async () => {
        const attachment = file ? await calls.upload(file) : undefined;
        return calls.create({ title: title.trim(), description: description.trim(), priority, attachment });
      },
      {
        key: 'ticket',
        done: (ticket) => t('support.form.created', { no: number(ticket.ticketNo) }),
        failed: (err) => `${t('support.errors.failed')} ${errorText(t, err)}`,
        inline: setError,
      },
    );
    if (made) navigate(`/support/ticket/ticketDetails?id=${made.data.id}`);
  };

  return (
    <Stack>
      <PageHeader>
        <h1>{t('support.form.title')}</h1>
        <Link to="/support/ticket">{t('support.tickets.title')}</Link>
      </PageHeader>
      <Card>
        <form onSubmit={(e) => void handleSubmit(e)} noValidate data-testid="ticket-form">
        <Stack $gap={3}>
          <TextField label={t('support.form.titleLabel')} value={title} maxLength={200} required onChange={(e) => setTitle(e.target.value)} dir="auto" />
          <TextAreaField label={t('support.form.description')} value={description} maxLength={5000} required onChange={(e) => setDescription(e.target.value)} />
          <SelectField
            label={t('support.priority.label')}
            value={priority}
            onChange={(e) => setPriority(choiceOf(PRIORITIES, e.target.value) ?? priority)}
            options={PRIORITIES.map((p) => ({ value: p, label: t(`support.priority.${p}`) }))}
          />
          <StyledFile>
            <label htmlFor="ticket-attachment">{t('support.form.attachment')}</label>
            <input id="ticket-attachment" type="file" accept={ATTACHMENT_ACCEPT} onChange={handleFile} aria-describedby="ticket-attachment-hint" data-testid="ticket-attachment" />
            <Muted id="ticket-attachment-hint">{t('support.form.attachmentHint')}</Muted>
            {file ? (
              <Muted data-testid="ticket-attachment-name">
                <StyledName>{file.name}</StyledName>
              </Muted>
            ) : null}
            {fileError ? (
              <FormError role="alert" data-testid="attachment-error">
                {fileError}
              </FormError>
            ) : null}
          </StyledFile>
          {error ? <FormError role="alert">{error}</FormError> : null}
          <Row>
            <Button type="submit" disabled={busy} data-testid="send-ticket">
              {busy ? t('support.form.sending') : t('support.form.submit')}
            </Button>
          </Row>
        </Stack>
        </form>
      </Card>
    </Stack>
  );
}
