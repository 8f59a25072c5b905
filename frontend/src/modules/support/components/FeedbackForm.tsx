import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { errorText } from '@/modules/api/errors';
import { Button } from '@/modules/ui/components/Button';
import { FormError, TextAreaField } from '@/modules/ui/components/Field';
import { Card, PageHeader, Row, Stack } from '@/modules/ui/components/Layout';
import { useSupportCalls } from '../hooks/useSupportCalls';
import { useSupportFormats } from '../hooks/useSupportFormats';

const RATINGS = [1, 2, 3, 4, 5];

const StyledRatings = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing(2)};
  legend { font-weight: 500; margin-bottom: ${({ theme }) => theme.spacing(2)}; }
`;

const StyledRating = styled.label<{ $chosen: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 44px;
  min-height: 44px;
  border-radius: ${({ theme }) => theme.radius}px;
  border: 1px solid ${({ theme, $chosen }) => ($chosen ? theme.color.primary : theme.color.border)};
  background: ${({ theme, $chosen }) => ($chosen ? theme.color.primary : theme.color.surface)};
  color: ${({ theme, $chosen }) => ($chosen ? theme.color.onPrimary : theme.color.text)};
  font-weight: 600;
  cursor: pointer;
  input { position: absolute; opacity: 0; width: 1px; height: 1px; }
  &:focus-within { outline: 2px solid ${({ theme }) => theme.color.primary}; outline-offset: 2px; }
`;

/** `/support/feedback`: a rating from 1 to 5 and a text. */
export function FeedbackForm() {
  const { t } = useTranslation();
  const calls = useSupportCalls();
  const { number } = useSupportFormats();
  const [rating, setRating] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (rating === null) {
      setError(t('support.feedback.choose'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await calls.feedback(rating, text.trim());
      setSent(true);
      setText('');
      setRating(null);
    } catch (err) {
      setError(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack>
      <PageHeader>
        <h1>{t('support.feedback.title')}</h1>
        <Link to="/support">{t('support.title')}</Link>
      </PageHeader>
      <Card>
        {sent ? (
          <p role="status" data-testid="feedback-sent">
            {t('support.feedback.sent')}
          </p>
        ) : null}
        <form onSubmit={(e) => void handleSubmit(e)} data-testid="feedback-form">
          <Stack $gap={3}>
            <p>{t('support.feedback.intro')}</p>
            <StyledRatings>
              <legend>{t('support.feedback.rating')}</legend>
              {RATINGS.map((r) => (
                <StyledRating key={r} $chosen={rating === r}>
                  <input type="radio" name="rating" value={r} checked={rating === r} onChange={() => setRating(r)} aria-label={t('support.feedback.of', { n: number(r), max: number(5) })} />
                  <span aria-hidden="true">{number(r)}</span>
                </StyledRating>
              ))}
            </StyledRatings>
            <TextAreaField label={t('support.feedback.text')} value={text} maxLength={2000} onChange={(e) => setText(e.target.value)} />
            {error ? <FormError role="alert">{error}</FormError> : null}
            <Row>
              <Button type="submit" disabled={busy} data-testid="send-feedback">
                {t('support.feedback.send')}
              </Button>
            </Row>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
