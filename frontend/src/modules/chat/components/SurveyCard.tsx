import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTheme } from 'styled-components';
import { Button } from '@/modules/ui/components/Button';
import { ConfirmDialog } from '@/modules/ui/components/ConfirmDialog';
import { Checkbox, TextField } from '@/modules/ui/components/Field';
import { Badge, Muted, Row, Stack } from '@/modules/ui/components/Layout';
import { useChatCalls } from '../hooks/useChatCalls';
import { changeable, type SurveyEntry, type SurveyView } from '../utils/surveys';
import { Grow, WrappingRow } from './ChatLayout';
import { SurveyForm } from './SurveyForm';

export type SurveyCardProps = {
  survey: SurveyEntry;
  storeId: string;
  /** The reader is its author or a manager: they change, close and delete it. */
  manages: boolean;
  /** Its new state from the reader's own call (`voted` after their vote). */
  onChanged: (view: SurveyView, voted?: boolean) => void;
};

/** What the reader confirms before it is done. */
type Pending = 'close' | 'delete' | null;

/** A poll or open question in the thread: how long it takes to read; vote once, then the
 * results (live); for its author or a manager, changing it before anyone votes, closing and
 * deleting it. */
export function SurveyCard({ survey, storeId, manages, onChanged }: SurveyCardProps) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const { run, busy } = useChatCalls();
  const [chosen, setChosen] = useState<number[]>([]);
  const [answer, setAnswer] = useState('');
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState<Pending>(null);
  const percent = new Intl.NumberFormat(i18n.resolvedLanguage, { style: 'percent', maximumFractionDigits: 2 });
  const poll = survey.mode === 'poll';
  const open = survey.status === 'open';
  // Closed: everyone sees the results, nobody votes.
  const showsResults = survey.voted || !open;

  const handleVote = async (choices: number[]) => {
    const view = await run('vote', { store: storeId, surveyId: survey.id, choices, answer: poll ? null : answer });
    if (view) onChanged(view, true);
  };

  const handleConfirmed = async () => {
    if (!confirming) return;
    const done = confirming === 'close' ? 'chat.surveyClosedDone' : 'chat.surveyDeleted';
    const view = await run('updateSurvey', { store: storeId, surveyId: survey.id, action: confirming }, done);
    setConfirming(null);
    if (view) onChanged(view);
  };

  if (editing) {
    return (
      <SurveyForm
        storeId={storeId}
        conversationId={survey.conversation}
        survey={survey}
        onDone={(changed) => {
          setEditing(false);
          if (changed) onChanged(changed);
        }}
      />
    );
  }

  return (
    <Stack $gap={2} data-testid="survey" data-voted={survey.voted} data-status={survey.status}>
      <WrappingRow $gap={2}>
        <Muted>
          {t(poll ? 'chat.poll' : 'chat.question')} · {t('chat.participants', { count: survey.participants })}
          {survey.isAnonymous ? ` · ${t('chat.anonymous')}` : ''} · <span data-testid="reading-time">{t('chat.readingTime', { count: survey.estimatedSeconds })}</span>
        </Muted>
        {!open ? (
          <Badge $color={theme.color.textMuted} data-testid="survey-closed">
            {t('chat.surveyClosed')}
          </Badge>
        ) : null}
      </WrappingRow>
      {poll
        ? survey.answers.map((a, i) => (
            <Row key={a} $justify="space-between" $gap={2}>
              {showsResults ? (
                <bdi>{a}</bdi>
              ) : survey.isMultiple ? (
                <Checkbox label={a} checked={chosen.includes(i)} onChange={(e) => setChosen(e.target.checked ? [...chosen, i] : chosen.filter((c) => c !== i))} />
              ) : (
                <Button type="button" $small $variant="secondary" disabled={busy} onClick={() => void handleVote([i])} data-testid="survey-answer">
                  <bdi>{a}</bdi>
                </Button>
              )}
              {showsResults ? <span data-testid="survey-result">{percent.format((survey.results[i] ?? 0) / 100)}</span> : null}
            </Row>
          ))
        : null}
      {poll && survey.isMultiple && !showsResults ? (
        <Row $justify="flex-end">
          <Button type="button" $small disabled={chosen.length === 0 || busy} onClick={() => void handleVote(chosen)}>
            {t('chat.vote')}
          </Button>
        </Row>
      ) : null}
      {!poll && !showsResults ? (
        <Row $gap={2}>
          <Grow>
            <TextField label={t('chat.yourAnswer')} value={answer} onChange={(e) => setAnswer(e.target.value)} maxLength={500} />
          </Grow>
          <Button type="button" $small disabled={!answer.trim() || busy} onClick={() => void handleVote([])}>
            {t('chat.vote')}
          </Button>
        </Row>
      ) : null}
      {!poll && showsResults
        ? survey.responses.map((r, i) => (
            <Muted key={i}>
              “<bdi>{r.answer}</bdi>”
            </Muted>
          ))
        : null}
      {manages ? (
        <Row $gap={2} data-testid="survey-actions">
          {changeable(survey) ? (
            <Button type="button" $small $variant="ghost" onClick={() => setEditing(true)} data-testid="survey-edit">
              {t('chat.surveyEdit')}
            </Button>
          ) : null}
          {open ? (
            <Button type="button" $small $variant="ghost" onClick={() => setConfirming('close')} data-testid="survey-close">
              {t('chat.surveyClose')}
            </Button>
          ) : null}
          <Button type="button" $small $variant="ghost" onClick={() => setConfirming('delete')} data-testid="survey-delete">
            {t('chat.surveyDelete')}
          </Button>
        </Row>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={t(confirming === 'close' ? 'chat.surveyClose' : 'chat.surveyDelete')}
          body={t(confirming === 'close' ? 'chat.surveyCloseConfirm' : 'chat.surveyDeleteConfirm')}
          confirmLabel={t(confirming === 'close' ? 'chat.surveyClose' : 'chat.surveyDelete')}
          cancelLabel={t('common.cancel')}
          danger={confirming === 'delete'}
          busy={busy}
          onConfirm={() => void handleConfirmed()}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
    </Stack>
  );
}
