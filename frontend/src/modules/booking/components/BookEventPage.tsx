import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { ApiError } from '@/modules/api/ApiError';
import { errorText } from '@/modules/api/errors';
import { email as emailRule, phone as phoneRule, required } from '@/modules/forms/validation';
import { Button } from '@/modules/ui/components/Button';
import { FormError, TextAreaField, TextField } from '@/modules/ui/components/Field';
import { Card, Muted, Stack } from '@/modules/ui/components/Layout';
import { Loading } from '@/modules/ui/components/Spinner';
import { usePublicApi } from '../hooks/usePublicApi';
import { rememberHold } from '../utils/holds';
import { formatMinutes, tokenOf } from '../utils/slots';
import { usableZone } from '../utils/zone';
import { PublicFrame } from './PublicFrame';
import { NO_CHOICE, SlotPicker, type SlotChoice } from './SlotPicker';

const StyledHoneypot = styled.div`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;

const StyledFacts = styled.p`
  margin: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing(1)} ${({ theme }) => theme.spacing(3)};
  color: ${({ theme }) => theme.color.textMuted};
  overflow-wrap: anywhere;
`;

/** `getEventByUrl`'s answer. */
interface PublicEvent {
  event: { id: string; title: string; url: string; sessionDuration: number; capacity: number; allowEmployeeSelection: boolean; dates: string[] };
  store: { name: string; timezone: string; address: string; logo?: string | null };
}

type ClientField = 'name' | 'email' | 'phone' | 'slot';

/** The form field a server's `required` refusal names (`details.field`). */
function clientField(field: unknown): ClientField | null {
  switch (field) {
    case 'name':
      return 'name';
    case 'email':
      return 'email';
    case 'phonenumber':
    case 'phone':
      return 'phone';
    case 'reservationSlot':
    case 'session':
    case 'date':
      return 'slot';
    default:
      return null;
  }
}

/**
 * `/book/:url`: an event's public page. A visitor without an account picks one of the dates
 * it runs on, a free slot (and an employee, when the event lets them), leaves their name,
 * e-mail, phone and a note, and reserves: the place is held for a few minutes until they
 * confirm it on the next page.
 */
export function BookEventPage() {
  const { t, i18n } = useTranslation();
  const { url = '' } = useParams();
  const api = usePublicApi();
  const navigate = useNavigate();
  const [data, setData] = useState<PublicEvent | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [choice, setChoice] = useState<SlotChoice>(NO_CHOICE);
  const [values, setValues] = useState({ name: '', email: '', phone: '', note: '', website: '' });
  const [errors, setErrors] = useState<Partial<Record<ClientField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    api
      .call('getEventByUrl', { eventURL: url })
      .then((answer) => live && setData(answer))
      .catch((e: unknown) => live && setLoadError(e));
    return () => {
      live = false;
    };
  }, [api, url]);

  const check = (): Partial<Record<ClientField, string>> => {
    const found: Partial<Record<ClientField, string>> = {};
    if (required(values.name)) found.name = t('booking.public.nameRequired');
    const mail = emailRule(values.email);
    if (mail) found.email = mail === 'validation.required' ? t('booking.public.emailRequired') : t(mail);
    if (required(values.phone)) found.phone = t('booking.public.phoneRequired');
    else if (phoneRule(values.phone)) found.phone = t('validation.phone');
    if (!choice.date) found.slot = t('booking.public.dateRequired');
    else if (choice.start === null) found.slot = t('booking.public.slotRequired');
    return found;
  };

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!data) return;
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0 || choice.start === null) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await api.call('reserveEvent', {
        eventURL: url,
        name: values.name.trim(),
        email: values.email.trim(),
        phonenumber: values.phone.trim(),
        note: values.note.trim() || undefined,
        employeeUid: choice.employeeUid || undefined,
        reservationSlot: { date: choice.date, session: choice.start },
        website: values.website,
      });
      const token = tokenOf(answer.confirmURL);
      if (answer.confirmed) {
        navigate(`/thank-you?token=${encodeURIComponent(token)}`);
        return;
      }
      rememberHold(token, answer.holdUntil);
      navigate(`/reservation/confirm/${encodeURIComponent(token)}`, { state: { holdUntil: answer.holdUntil } });
    } catch (err) {
      const text = errorText(t, err);
      const details = err instanceof ApiError && err.details && typeof err.details === 'object' ? (err.details as Record<string, unknown>) : {};
      const field = err instanceof ApiError ? (err.code === 'invalid_phone' ? 'phone' : err.code === 'invalid_email' ? 'email' : clientField(details.field)) : null;
      if (field) setErrors({ [field]: text });
      else setFailure(text);
      // A slot taken meanwhile: the day's slots are read again.
      if (err instanceof ApiError && err.code === 'slot_full') setChoice({ ...choice, start: null, date: '' });
    } finally {
      setBusy(false);
    }
  };

  if (loadError) {
    return (
      <PublicFrame>
        <Card role="alert" data-testid="event-unavailable">
          <h1>{t('booking.public.unavailableTitle')}</h1>
          <p>{loadError instanceof ApiError && loadError.code === 'event_not_found' ? t('booking.public.unavailable') : errorText(t, loadError)}</p>
        </Card>
      </PublicFrame>
    );
  }
  if (!data) {
    return (
      <PublicFrame>
        <Loading label={t('common.loading')} />
      </PublicFrame>
    );
  }
  const { event, store } = data;
  const set = (key: keyof typeof values) => (e: { target: { value: string } }) => {
    setValues({ ...values, [key]: e.target.value });
    // A field's message goes as it is typed into; the form checks it again on Reserve.
    if (key !== 'note' && key !== 'website' && errors[key]) setErrors({ ...errors, [key]: undefined });
  };
  return (
    <PublicFrame store={store.name} logo={store.logo}>
      <Stack $gap={2}>
        <h1 data-testid="public-event-title">{event.title}</h1>
        <StyledFacts>
          <span>{store.name}</span>
          {store.address ? <span>{store.address}</span> : null}
          <span>{t('booking.public.duration', { duration: formatMinutes(event.sessionDuration, i18n.resolvedLanguage) })}</span>
        </StyledFacts>
      </Stack>
      <form onSubmit={(e) => void handleSubmit(e)} noValidate data-testid="reserve-form">
        <Stack $gap={4}>
          <Card>
            <Stack $gap={3}>
              <h2 style={{ margin: 0, fontSize: 18 }}>{t('booking.public.when')}</h2>
              <SlotPicker
                api={api}
                eventURL={url}
                dates={event.dates}
                storeZone={usableZone(store.timezone)}
                zoneLabel={store.timezone}
                allowEmployeeSelection={event.allowEmployeeSelection}
                value={choice}
                onChange={(next) => {
                  setChoice(next);
                  if (errors.slot) setErrors({ ...errors, slot: undefined });
                }}
              />
              {errors.slot ? (
                <FormError role="alert" data-testid="slot-error">
                  {errors.slot}
                </FormError>
              ) : null}
            </Stack>
          </Card>
          <Card>
            <Stack $gap={3}>
              <h2 style={{ margin: 0, fontSize: 18 }}>{t('booking.public.you')}</h2>
              <TextField label={t('booking.public.name')} value={values.name} onChange={set('name')} error={errors.name} autoComplete="name" required data-testid="client-name" />
              <TextField type="email" label={t('booking.public.email')} value={values.email} onChange={set('email')} error={errors.email} autoComplete="email" dir="ltr" required data-testid="client-email" />
              <TextField type="tel" label={t('booking.public.phone')} value={values.phone} onChange={set('phone')} error={errors.phone} autoComplete="tel" dir="ltr" required data-testid="client-phone" />
              <TextAreaField label={t('booking.public.note')} value={values.note} onChange={set('note')} maxLength={1000} data-testid="client-note" />
              {/* A field people do not see and cannot reach; a form that fills it is a robot's. */}
              <StyledHoneypot aria-hidden="true">
                <label>
                  website
                  <input type="text" name="website" tabIndex={-1} autoComplete="off" value={values.website} onChange={set('website')} />
                </label>
              </StyledHoneypot>
              <Muted>{t('booking.public.holdHint')}</Muted>
              {failure ? (
                <FormError role="alert" data-testid="reserve-error">
                  {failure}
                </FormError>
              ) : null}
              <Button type="submit" disabled={busy} data-testid="reserve">
                {t('booking.public.reserve')}
              </Button>
            </Stack>
          </Card>
        </Stack>
      </form>
    </PublicFrame>
  );
}
