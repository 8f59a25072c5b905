import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/modules/api/errors';
import { useApi } from '@/modules/auth/hooks/useApi';
import { useSnackbar } from '@/modules/snackbar/hooks/useSnackbar';
import { Button } from '@/modules/ui/components/Button';
import { Checkbox, TextField } from '@/modules/ui/components/Field';
import { Row, Stack } from '@/modules/ui/components/Layout';

/** A manager's poll: a question and its answers, one a line; or an open question. */
export function PollForm({ storeId, conversationId, onDone }: { storeId: string; conversationId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const snack = useSnackbar();
  const [question, setQuestion] = useState('');
  const [answers, setAnswers] = useState('');
  const [multiple, setMultiple] = useState(false);
  const [anonymous, setAnonymous] = useState(false);
  const list = answers.split('\n').map((a) => a.trim()).filter(Boolean);

  const post = async () => {
    try {
      await api.call('createSurvey', {
        store: storeId,
        conversationId,
        question,
        mode: list.length > 0 ? 'poll' : 'explanational',
        answers: list,
        isMultiple: multiple,
        isAnonymous: anonymous,
      });
      onDone();
    } catch (e) {
      snack(errorText(t, e), 'error', 'poll');
    }
  };

  return (
    <Stack $gap={2} data-testid="poll-form">
      <TextField label={t('chat.pollQuestion')} value={question} onChange={(e) => setQuestion(e.target.value)} maxLength={500} data-testid="poll-question" />
      <label>
        {t('chat.pollAnswers')}
        <textarea value={answers} onChange={(e) => setAnswers(e.target.value)} rows={3} style={{ width: '100%' }} data-testid="poll-answers" />
      </label>
      <Checkbox label={t('chat.pollMultiple')} checked={multiple} onChange={(e) => setMultiple(e.target.checked)} />
      <Checkbox label={t('chat.pollAnonymous')} checked={anonymous} onChange={(e) => setAnonymous(e.target.checked)} />
      <Row $justify="flex-end">
        <Button type="button" $variant="secondary" onClick={onDone}>{t('common.cancel')}</Button>
        <Button type="button" disabled={!question.trim()} onClick={() => void post()} data-testid="poll-post">{t('chat.pollPost')}</Button>
      </Row>
    </Stack>
  );
}
