import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { ApiError } from '@/modules/api/ApiError';
import { errorText } from '@/modules/api/errors';
import { choiceOf } from '@/modules/forms/validation';
import { useReportedCall } from '@/modules/snackbar/hooks/useReportedCall';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import { Button } from '@/modules/ui/components/Button';
import { ConfirmDialog } from '@/modules/ui/components/ConfirmDialog';
import { Checkbox, FormError, SelectField, TextField } from '@/modules/ui/components/Field';
import { Card, Muted, PageHeader, Row, Stack } from '@/modules/ui/components/Layout';
import { Loading } from '@/modules/ui/components/Spinner';
import { useBookingAccess } from '../hooks/useBookingAccess';
import { useEvents } from '../hooks/useEvents';
import {
  CLOSE_UNITS,
  DURATIONS,
  emptyForm,
  eventInput,
  FIELD_STEP,
  fieldOfServer,
  firstFailingStep,
  formOfEvent,
  REPEAT_ENDS,
  REPEATS,
  STEPS,
  stepErrors,
  weekdaysFrom,
  type EventField,
  type EventForm,
  type EventStep,
} from '../utils/eventForm';
import { BookingOff } from './BookingOff';
import { EventSummary, weekdayNames } from './EventSummary';

const StyledSteps = styled.ol`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing(2)};
  margin: 0 0 ${({ theme }) => theme.spacing(4)};
  padding: 0;
  list-style: none;
  counter-reset: step;
`;

const StyledStep = styled.li<{ $current: boolean; $done: boolean }>`
  counter-increment: step;
  padding: ${({ theme }) => theme.spacing(1)} ${({ theme }) => theme.spacing(3)};
  border-radius: 999px;
  font-size: 13px;
  border: 1px solid ${({ theme, $current }) => ($current ? theme.color.primary : theme.color.border)};
  background: ${({ theme, $current }) => ($current ? theme.color.primarySoft : theme.color.surface)};
  color: ${({ theme, $current }) => ($current ? theme.color.primaryStrong : theme.color.text)};
  font-weight: ${({ $current }) => ($current ? 600 : 400)};
  &::before { content: counter(step) '. '; }
`;

const StyledGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 200px), 1fr));
  gap: ${({ theme }) => theme.spacing(3)};
  align-items: start;
`;

const StyledFieldset = styled.fieldset`
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius}px;
  padding: ${({ theme }) => theme.spacing(3)};
  margin: 0;
  min-width: 0;
  legend { padding: 0 ${({ theme }) => theme.spacing(1)}; font-weight: 500; }
`;

const StyledDays = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing(2)};
`;

/**
 * `/booking/create` and `/booking/edit/:id`: an event made step by step (`?step=`): its
 * details, its time (first day, hours in the store's zone, duration, repeat), its options
 * (capacity, rooms, booking window, employee choice), then a summary to confirm. Each step's
 * fields are checked before the next; a server's refusal sends the manager to the field it
 * names.
 */
export function EventWizard() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const [params, setParams] = useSearchParams();
  const open = useBookingAccess();
  const { storeId, store, roles } = useCurrentStore();
  const { events, put } = useEvents();
  const { call, busy } = useReportedCall();
  const editing = id ? (events?.find((e) => e.id === id) ?? null) : null;
  const [form, setForm] = useState<EventForm | null>(null);
  const [errors, setErrors] = useState<Partial<Record<EventField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const step = choiceOf(STEPS, params.get('step') ?? '') ?? 'details';
  const zone = store?.timezoneReference ?? 'UTC';

  // The form starts once the store (and the event edited) is known.
  useEffect(() => {
    if (form || !store) return;
    if (!id) setForm(emptyForm(Date.now(), store.timezoneReference));
    else if (editing) setForm(formOfEvent(editing, store.timezoneReference));
  }, [form, store, id, editing]);

  if (!store) return <Loading label={t('common.loading')} />;
  if (!open) return <BookingOff />;
  if (id && events && !editing) {
    return (
      <Card role="alert" data-testid="event-missing">
        {t('booking.events.missing')} <Link to="/booking">{t('booking.events.backToList')}</Link>
      </Card>
    );
  }
  if (!form) return <Loading label={t('common.loading')} />;

  const goTo = (next: EventStep) => setParams({ step: next }, { replace: false });
  const set = <K extends EventField>(key: K, value: EventForm[K]) => {
    const next = { ...form, [key]: value };
    setForm(next);
    // Once a step's errors show, they follow the typing.
    if (Object.keys(errors).length > 0) setErrors(stepErrors(next, step));
  };
  const err = (key: EventField) => (errors[key] ? t(errors[key]) : null);
  const index = STEPS.indexOf(step);

  const handleNext = (e: FormEvent) => {
    e.preventDefault();
    const found = stepErrors(form, step);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (step === 'confirm') {
      // Every step again: a field may have failed on a step skipped by its address.
      const failing = firstFailingStep(form);
      if (failing) {
        setErrors(stepErrors(form, failing));
        goTo(failing);
        return;
      }
      setAsking(true);
      return;
    }
    const next = STEPS[index + 1];
    if (next) goTo(next);
  };

  const handleSave = async () => {
    setAsking(false);
    const input = eventInput(form, zone);
    const failed = (error: unknown) => {
      const text = errorText(t, error);
      const field = error instanceof ApiError ? serverField(error) : null;
      if (field) {
        setErrors({ [field]: text });
        const at = FIELD_STEP[field];
        if (at) goTo(at);
        return null;
      }
      setFailure(text);
      return null;
    };
    setFailure(null);
    const done = editing
      ? await call('updateEvent', { store: storeId, event: { ...input, id: editing.id, isActive: editing.isActive } }, { key: 'event-saved', done: 'booking.events.saved', failed })
      : await call('addEvent', { store: storeId, event: input }, { key: 'event-saved', done: 'booking.events.created', failed });
    if (done) {
      put(done.data.event);
      navigate('/booking');
    }
  };

  const dayNames = weekdayNames(i18n.resolvedLanguage, 'long');
  return (
    <>
      <PageHeader>
        <h1>{editing ? t('booking.wizard.editTitle') : t('booking.wizard.createTitle')}</h1>
        <Link to="/booking">{t('booking.events.backToList')}</Link>
      </PageHeader>
      <nav aria-label={t('booking.wizard.steps')}>
        <StyledSteps>
          {STEPS.map((s, n) => (
            <StyledStep key={s} $current={s === step} $done={n < index} aria-current={s === step ? 'step' : undefined}>
              {t(`booking.wizard.step.${s}`)}
            </StyledStep>
          ))}
        </StyledSteps>
      </nav>
      <Card>
        <form onSubmit={handleNext} noValidate data-testid={`event-step-${step}`}>
          <Stack $gap={4}>
            <h2 style={{ margin: 0 }}>{t(`booking.wizard.step.${step}`)}</h2>
            {step === 'details' ? <DetailsStep form={form} set={set} err={err} roles={roles} /> : null}
            {step === 'time' ? <TimeStep form={form} set={set} err={err} dayNames={dayNames} weekStart={store.weekStart ?? 0} zone={zone} /> : null}
            {step === 'options' ? <OptionsStep form={form} set={set} err={err} /> : null}
            {step === 'confirm' ? (
              <>
                <Muted>{t('booking.wizard.confirmHint')}</Muted>
                <EventSummary event={{ ...eventInput(form, zone), title: form.title }} roles={roles} zone={zone} withTitle />
              </>
            ) : null}
            {failure ? <FormError role="alert">{failure}</FormError> : null}
            <Row $justify="space-between">
              {index > 0 ? (
                <Button type="button" $variant="secondary" onClick={() => goTo(STEPS[index - 1] ?? 'details')} data-testid="wizard-back">
                  {t('common.back')}
                </Button>
              ) : (
                <span />
              )}
              <Button type="submit" disabled={busy} data-testid="wizard-next">
                {step === 'confirm' ? (editing ? t('booking.wizard.save') : t('booking.wizard.create')) : t('common.continue')}
              </Button>
            </Row>
          </Stack>
        </form>
      </Card>
      {asking ? (
        <ConfirmDialog
          title={editing ? t('booking.wizard.confirmSaveTitle') : t('booking.wizard.confirmCreateTitle')}
          body={editing ? t('booking.wizard.confirmSaveBody') : t('booking.wizard.confirmCreateBody')}
          confirmLabel={editing ? t('booking.wizard.save') : t('booking.wizard.create')}
          cancelLabel={t('common.cancel')}
          busy={busy}
          onConfirm={() => void handleSave()}
          onCancel={() => setAsking(false)}
        />
      ) : null}
    </>
  );
}

/** The form field a server's refusal names: `details.field`, or the address for `url_taken`. */
function serverField(error: ApiError): EventField | null {
  if (error.code === 'url_taken') return 'url';
  const details = error.details && typeof error.details === 'object' ? (error.details as Record<string, unknown>) : {};
  return fieldOfServer(details.field);
}

interface StepProps {
  form: EventForm;
  set: <K extends EventField>(key: K, value: EventForm[K]) => void;
  err: (key: EventField) => string | null;
}

function DetailsStep({ form, set, err, roles }: StepProps & { roles: { id: string; title: string }[] }) {
  const { t } = useTranslation();
  return (
    <StyledGrid>
      <TextField label={t('booking.fields.title')} value={form.title} onChange={(e) => set('title', e.target.value)} error={err('title')} required maxLength={120} data-testid="event-title" />
      <SelectField
        label={t('booking.fields.role')}
        value={form.role}
        onChange={(e) => set('role', e.target.value)}
        error={err('role')}
        required
        options={[{ value: '', label: t('common.choose') }, ...roles.map((r) => ({ value: r.id, label: r.title }))]}
        data-testid="event-role"
      />
      <TextField
        label={t('booking.fields.url')}
        value={form.url}
        onChange={(e) => set('url', e.target.value.toLowerCase())}
        error={err('url')}
        placeholder={t('booking.wizard.urlPlaceholder')}
        dir="ltr"
        maxLength={64}
        data-testid="event-url"
      />
      <Muted>{t('booking.wizard.urlHint')}</Muted>
    </StyledGrid>
  );
}

function TimeStep({ form, set, err, dayNames, weekStart, zone }: StepProps & { dayNames: string[]; weekStart: number; zone: string }) {
  const { t } = useTranslation();
  const withDays = form.repeat === 'd' || form.repeat === 'w';
  const toggleDay = (d: number) => set('weekdays', form.weekdays.includes(d) ? form.weekdays.filter((x) => x !== d) : [...form.weekdays, d]);
  return (
    <Stack $gap={4}>
      <Muted>{t('booking.wizard.zoneHint', { zone })}</Muted>
      <StyledGrid>
        <TextField type="date" label={t('booking.fields.firstDay')} value={form.date} onChange={(e) => set('date', e.target.value)} error={err('date')} required data-testid="event-date" />
        <TextField type="time" label={t('booking.fields.start')} value={form.start} onChange={(e) => set('start', e.target.value)} error={err('start')} required data-testid="event-start" />
        <TextField type="time" label={t('booking.fields.end')} value={form.end} onChange={(e) => set('end', e.target.value)} error={err('end')} required data-testid="event-end" />
        <SelectField
          label={t('booking.fields.duration')}
          value={form.duration}
          onChange={(e) => set('duration', e.target.value)}
          error={err('duration')}
          required
          options={[{ value: '', label: t('common.choose') }, ...DURATIONS.map((d) => ({ value: String(d), label: t('booking.wizard.minutes', { count: d }) }))]}
          data-testid="event-duration"
        />
      </StyledGrid>
      <StyledFieldset>
        <legend>{t('booking.fields.repeat')}</legend>
        <Stack $gap={3}>
          <StyledGrid>
            <SelectField
              label={t('booking.wizard.repeatHow')}
              value={form.repeat}
              onChange={(e) => set('repeat', choiceOf(REPEATS, e.target.value) ?? 'none')}
              options={REPEATS.map((r) => ({ value: r, label: t(`booking.repeat.choice.${r}`) }))}
              data-testid="event-repeat"
            />
            {form.repeat !== 'none' ? (
              <TextField
                type="number"
                inputMode="numeric"
                min={1}
                max={99}
                label={t(`booking.wizard.interval.${form.repeat}`)}
                value={form.interval}
                onChange={(e) => set('interval', e.target.value)}
                error={err('interval')}
                data-testid="event-interval"
              />
            ) : null}
          </StyledGrid>
          {withDays ? (
            <StyledFieldset>
              <legend>{t('booking.wizard.weekdays')}</legend>
              <StyledDays>
                {weekdaysFrom(weekStart).map((d) => (
                  <Checkbox key={d} label={dayNames[d]} checked={form.weekdays.includes(d)} onChange={() => toggleDay(d)} data-testid={`event-weekday-${d}`} />
                ))}
              </StyledDays>
            </StyledFieldset>
          ) : null}
          {form.repeat !== 'none' ? (
            <StyledGrid>
              <SelectField
                label={t('booking.wizard.ends')}
                value={form.ends}
                onChange={(e) => set('ends', choiceOf(REPEAT_ENDS, e.target.value) ?? 'never')}
                options={REPEAT_ENDS.map((r) => ({ value: r, label: t(`booking.wizard.endsChoice.${r}`) }))}
                data-testid="event-ends"
              />
              {form.ends === 'until' ? (
                <TextField type="date" label={t('booking.wizard.until')} value={form.until} min={form.date} onChange={(e) => set('until', e.target.value)} error={err('until')} data-testid="event-until" />
              ) : null}
              {form.ends === 'count' ? (
                <TextField type="number" inputMode="numeric" min={1} max={1000} label={t('booking.wizard.count')} value={form.count} onChange={(e) => set('count', e.target.value)} error={err('count')} data-testid="event-count" />
              ) : null}
            </StyledGrid>
          ) : null}
        </Stack>
      </StyledFieldset>
    </Stack>
  );
}

function OptionsStep({ form, set, err }: StepProps) {
  const { t } = useTranslation();
  return (
    <Stack $gap={4}>
      <StyledGrid>
        <TextField type="number" inputMode="numeric" min={1} max={500} label={t('booking.fields.capacity')} value={form.capacity} onChange={(e) => set('capacity', e.target.value)} error={err('capacity')} data-testid="event-capacity" />
        <TextField type="number" inputMode="numeric" min={1} max={50} label={t('booking.fields.rooms')} value={form.rooms} onChange={(e) => set('rooms', e.target.value)} error={err('rooms')} data-testid="event-rooms" />
        <TextField type="number" inputMode="numeric" min={1} max={366} label={t('booking.wizard.opensDays')} value={form.opensDays} onChange={(e) => set('opensDays', e.target.value)} error={err('opensDays')} data-testid="event-opens" />
        <TextField type="number" inputMode="numeric" min={0} label={t('booking.wizard.closesBefore')} value={form.closesBefore} onChange={(e) => set('closesBefore', e.target.value)} error={err('closesBefore')} data-testid="event-closes" />
        <SelectField
          label={t('booking.wizard.closesUnit')}
          value={form.closesUnit}
          onChange={(e) => set('closesUnit', choiceOf(CLOSE_UNITS, e.target.value) ?? 'hours')}
          options={CLOSE_UNITS.map((u) => ({ value: u, label: t(`booking.wizard.unit.${u}`) }))}
        />
      </StyledGrid>
      <Muted>{t('booking.wizard.roomsHint')}</Muted>
      <Checkbox
        label={t('booking.fields.employeeChoice')}
        checked={form.allowEmployeeSelection}
        onChange={(e) => set('allowEmployeeSelection', e.target.checked)}
        data-testid="event-employee-choice"
      />
    </Stack>
  );
}
