import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/modules/ui/components/Button';
import { Checkbox, TextAreaField, TextField } from '@/modules/ui/components/Field';
import { Row, Stack } from '@/modules/ui/components/Layout';
import { useChatCalls } from '../hooks/useChatCalls';
import { answerLines, type SurveyView } from '../utils/surveys';

/** The longest question or answer (the server's limit). */
const TEXT_MAX = 500;

export type SurveyFormProps = {
  storeId: string;
  conversationId: string;
  /** The survey being changed; a new one is posted when absent. */
  survey?: SurveyView;
  /** The changed survey, when it changed. */
  onDone: (changed?: SurveyView) => void;
};

/** A manager's poll (a question and its answers, one a line) or open question; or an open
 * survey's question and answers changed before anyone votes. */
export function SurveyForm({ storeId, conversationId, survey, onDone }: SurveyFormProps) {
  const { t } = useTranslation();
  const { run, busy } = useChatCalls();
  const [question, setQuestion] = useState(survey?.question ?? '');
  const [answers, setAnswers] = useState(survey?.answers.join('\n') ?? '');
  const [multiple, setMultiple] = useState(survey?.isMultiple ?? false);
  const [anonymous, setAnonymous] = useState(survey?.isAnonymous ?? false);
  // A survey keeps its mode: an open question has no answers to change.
  const takesAnswers = !survey || survey.mode === 'poll';
  const list = answerLines(answers);

  const handlePost = async () => {
    if (survey) {
      const changed = await run(
        'updateSurvey',
        { store: storeId, surveyId: survey.id, action: 'update', question, answers: takesAnswers ? list : null, isMultiple: multiple, isAnonymous: anonymous },
        'chat.surveyUpdated',
      );
      if (changed) onDone(changed);
      return;
    }
    const posted = await run('createSurvey', {
      store: storeId,
      conversationId,
      question,
      mode: list.length > 0 ? 'poll' : 'explanational',
      answers: list,
      isMultiple: multiple,
      isAnonymous: anonymous,
    });
    if (posted) onDone();
  };

  return (
    <Stack $gap={2} data-testid="poll-form">
      <TextField label={t('chat.pollQuestion')} value={question} onChange={(e) => setQuestion(e.target.value)} maxLength={TEXT_MAX} data-testid="poll-question" />
      {takesAnswers ? <TextAreaField label={t('chat.pollAnswers')} value={answers} onChange={(e) => setAnswers(e.target.value)} rows={3} data-testid="poll-answers" /> : null}
      {takesAnswers ? <Checkbox label={t('chat.pollMultiple')} checked={multiple} onChange={(e) => setMultiple(e.target.checked)} /> : null}
      <Checkbox label={t('chat.pollAnonymous')} checked={anonymous} onChange={(e) => setAnonymous(e.target.checked)} />
      <Row $justify="flex-end">
        <Button type="button" $variant="secondary" onClick={() => onDone()}>
          {t('common.cancel')}
        </Button>
        <Button type="button" disabled={!question.trim() || busy} onClick={() => void handlePost()} data-testid="poll-post">
          {survey ? t('common.save') : t('chat.pollPost')}
        </Button>
      </Row>
    </Stack>
  );
}
