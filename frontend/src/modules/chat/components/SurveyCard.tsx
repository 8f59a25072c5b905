import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { components } from '@/modules/api/schema';
import { errorText } from '@/modules/api/errors';
import { useApi } from '@/modules/auth/hooks/useApi';
import { useSnackbar } from '@/modules/snackbar/hooks/useSnackbar';
import { Button } from '@/modules/ui/components/Button';
import { Checkbox, TextField } from '@/modules/ui/components/Field';
import { Muted, Row, Stack } from '@/modules/ui/components/Layout';

export type SurveyEntry = components['schemas']['SurveyEntry'];

/** A poll or open question in the thread: vote once, then the results (live). */
export function SurveyCard({ survey, storeId, onVoted }: { survey: SurveyEntry; storeId: string; onVoted: (s: SurveyEntry) => void }) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const snack = useSnackbar();
  const [chosen, setChosen] = useState<number[]>([]);
  const [answer, setAnswer] = useState('');
  const percent = new Intl.NumberFormat(i18n.resolvedLanguage, { style: 'percent', maximumFractionDigits: 2 });
  const poll = survey.mode === 'poll';

  const vote = async (choices: number[]) => {
    try {
      const view = await api.call('vote', { store: storeId, surveyId: survey.id, choices, answer: poll ? null : answer });
      onVoted({ ...view, voted: true });
    } catch (e) {
      snack(errorText(t, e), 'error', `survey-${survey.id}`);
    }
  };

  return (
    <Stack $gap={2} data-testid="survey" data-voted={survey.voted}>
      <Muted>
        {t(poll ? 'chat.poll' : 'chat.question')} · {t('chat.participants', { count: survey.participants })}
        {survey.isAnonymous ? ` · ${t('chat.anonymous')}` : ''}
      </Muted>
      {poll
        ? survey.answers.map((a, i) => (
            <Row key={a} $justify="space-between" $gap={2}>
              {survey.voted ? (
                <bdi>{a}</bdi>
              ) : survey.isMultiple ? (
                <Checkbox label={a} checked={chosen.includes(i)} onChange={(e) => setChosen(e.target.checked ? [...chosen, i] : chosen.filter((c) => c !== i))} />
              ) : (
                <Button type="button" $small $variant="secondary" onClick={() => void vote([i])} data-testid="survey-answer"><bdi>{a}</bdi></Button>
              )}
              {survey.voted ? <span data-testid="survey-result">{percent.format((survey.results[i] ?? 0) / 100)}</span> : null}
            </Row>
          ))
        : null}
      {poll && survey.isMultiple && !survey.voted ? (
        <Row $justify="flex-end"><Button type="button" $small disabled={chosen.length === 0} onClick={() => void vote(chosen)}>{t('chat.vote')}</Button></Row>
      ) : null}
      {!poll && !survey.voted ? (
        <Row $gap={2}>
          <div style={{ flex: 1 }}><TextField label={t('chat.yourAnswer')} value={answer} onChange={(e) => setAnswer(e.target.value)} maxLength={500} /></div>
          <Button type="button" $small disabled={!answer.trim()} onClick={() => void vote([])}>{t('chat.vote')}</Button>
        </Row>
      ) : null}
      {!poll && survey.voted
        ? survey.responses.map((r, i) => <Muted key={i}>“<bdi>{r.answer}</bdi>”</Muted>)
        : null}
    </Stack>
  );
}
