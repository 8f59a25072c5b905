import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { errorText } from '@/modules/api/errors';
import { choiceOf } from '@/modules/forms/validation';
import { useReportedCall } from '@/modules/snackbar/hooks/useReportedCall';
import { Button } from '@/modules/ui/components/Button';
import { FormError, SelectField, TextAreaField } from '@/modules/ui/components/Field';
import { Card, Muted, PageHeader, Row, Stack } from '@/modules/ui/components/Layout';
import { useSupportCalls } from '../hooks/useSupportCalls';
import { useSupportFormats } from '../hooks/useSupportFormats';
import { useTicket } from '../hooks/useTicket';
import { useTickets } from '../hooks/useTickets';
import { ANSWER_STATUSES, type TicketStatus } from '../types/support';
import { TicketAttachment } from './TicketAttachment';
import { TicketBadges } from './TicketBadges';

const StyledThread = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(2)};
`;

const StyledEntry = styled.li<{ $support: boolean }>`
  padding: ${({ theme }) => theme.spacing(3)};
  border-radius: ${({ theme }) => theme.radius}px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-inline-start: 4px solid ${({ theme, $support }) => ($support ? theme.color.primary : theme.color.border)};
  background: ${({ theme, $support }) => ($support ? theme.color.primarySoft : theme.color.surface)};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(1)};
`;

const StyledText = styled.p`
  margin: 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  unicode-bidi: plaintext;
`;

const StyledTitle = styled.h1`
  overflow-wrap: anywhere;
  unicode-bidi: plaintext;
`;

/**
 * `/support/ticket/ticketDetails?id=`: a ticket's thread and support's response; its user (or
 * support) adds a comment, and support staff answer it in progress or resolved.
 */
export function TicketDetails() {
  const { t } = useTranslation();
  const { run, busy } = useReportedCall();
  const [params] = useSearchParams();
  const id = params.get('id');
  const { data: ticket, setData, error } = useTicket(id);
  const { data: list } = useTickets();
  const staff = !!list?.support;
  const calls = useSupportCalls();
  const { when, number } = useSupportFormats();
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string | null>(null);
  const [response, setResponse] = useState('');
  const [status, setStatus] = useState<TicketStatus>('inProgress');
  const [answerError, setAnswerError] = useState<string | null>(null);

  if (!id) return <Card role="alert">{t('support.errors.notFound')}</Card>;
  if (error) return <Card role="alert">{errorText(t, error)}</Card>;
  if (!ticket) return <Muted>{t('common.loading')}</Muted>;

  const handleComment = async (e: FormEvent) => {
    e.preventDefault();
    if (!comment.trim()) return;
    const sent = await run(() => calls.comment(ticket.id, comment.trim()), {
      failed: (err) => `${t('support.errors.failed')} ${errorText(t, err)}`,
      inline: setCommentError,
    });
    if (sent) {
      setData(sent.data);
      setComment('');
    }
  };

  const handleAnswer = async (e: FormEvent) => {
    e.preventDefault();
    if (!response.trim()) return;
    const sent = await run(() => calls.answer(ticket.id, response.trim(), status), {
      key: 'ticket-answer',
      done: 'support.answer.sent',
      inline: setAnswerError,
    });
    if (sent) {
      setData(sent.data);
      setResponse('');
    }
  };

  return (
    <Stack data-testid="ticket-details" data-status={ticket.status}>
      <PageHeader>
        <StyledTitle>
          <bdi>{t('support.tickets.number', { no: number(ticket.ticketNo) })}</bdi> {ticket.title}
        </StyledTitle>
        <Link to={staff ? '/tickets' : '/support/ticket'}>{t(staff ? 'support.staff.title' : 'support.tickets.title')}</Link>
      </PageHeader>
      <Row $justify="space-between">
        <TicketBadges ticket={{ ...ticket, seen: true }} />
        <Muted>{t('support.details.created', { when: when(ticket.createdAt) })}</Muted>
      </Row>
      {staff && ticket.user ? (
        <Muted>
          {t('support.staff.from')} <bdi>{ticket.user.name}</bdi> (<bdi>{ticket.user.email}</bdi>)
        </Muted>
      ) : null}
      {ticket.images.map((image) => (
        <TicketAttachment key={image.id} image={image} />
      ))}
      <Card data-testid="ticket-response">
        <Stack $gap={1}>
          <strong>{t('support.details.response')}</strong>
          {ticket.adminResponse ? <StyledText>{ticket.adminResponse}</StyledText> : <Muted>{t('support.details.noResponse')}</Muted>}
        </Stack>
      </Card>
      <h2>{t('support.details.thread')}</h2>
      <StyledThread data-testid="ticket-thread">
        {ticket.userDescription.map((d) => (
          <StyledEntry key={d.id} $support={d.bySupport} data-testid="ticket-entry">
            <Row $justify="space-between">
              <strong>{t(d.bySupport ? 'support.details.support' : 'support.details.user')}</strong>
              <Muted>{when(d.sharedTimestamp)}</Muted>
            </Row>
            <StyledText>{d.text}</StyledText>
          </StyledEntry>
        ))}
      </StyledThread>
      <Card>
        <form onSubmit={(e) => void handleComment(e)} data-testid="comment-form">
          <Stack $gap={2}>
            <TextAreaField label={t('support.details.comment')} value={comment} maxLength={5000} onChange={(e) => setComment(e.target.value)} />
            {ticket.status === 'resolved' && !staff ? <Muted>{t('support.details.reopenHint')}</Muted> : null}
            {commentError ? <FormError role="alert">{commentError}</FormError> : null}
            <Row>
              <Button type="submit" disabled={busy || !comment.trim()} data-testid="send-comment">
                {t('support.details.send')}
              </Button>
            </Row>
          </Stack>
        </form>
      </Card>
      {staff ? (
        <Card>
          <form onSubmit={(e) => void handleAnswer(e)} data-testid="answer-form">
            <Stack $gap={2}>
              <h2>{t('support.answer.title')}</h2>
              <TextAreaField label={t('support.answer.response')} value={response} maxLength={5000} onChange={(e) => setResponse(e.target.value)} />
              <SelectField
                label={t('support.answer.status')}
                value={status}
                onChange={(e) => setStatus(choiceOf(ANSWER_STATUSES, e.target.value) ?? status)}
                options={ANSWER_STATUSES.map((s) => ({ value: s, label: t(`support.status.${s}`) }))}
              />
              {answerError ? <FormError role="alert">{answerError}</FormError> : null}
              <Row>
                <Button type="submit" disabled={busy || !response.trim()} data-testid="send-answer">
                  {t('support.answer.send')}
                </Button>
              </Row>
            </Stack>
          </form>
        </Card>
      ) : null}
    </Stack>
  );
}
