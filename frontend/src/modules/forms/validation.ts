/**
 * Form rules of the spec. Each returns the catalogue key of its message, or `null` when the
 * value passes.
 */
export type Rule = (value: string) => string | null;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[\d\s().-]{6,20}$/;
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

export const required: Rule = (v) => (v.trim() ? null : 'validation.required');

export const email: Rule = (v) =>
  !v.trim() ? 'validation.required' : EMAIL.test(v.trim()) ? null : 'validation.email';

/** At least 8 characters with letters and numbers. */
export const password: Rule = (v) => {
  if (!v) return 'validation.required';
  if (v.length < 8) return 'validation.passwordLength';
  if (!/\p{L}/u.test(v) || !/\d/.test(v)) return 'validation.passwordMix';
  return null;
};

/** The confirmation must repeat the password. */
export const matches =
  (other: string): Rule =>
  (v) =>
    v === other ? null : 'validation.passwordMatch';

/** The 4-digit code mailed for confirmation, password reset and sign-in. */
export const fourDigitCode: Rule = (v) =>
  /^\d{4}$/.test(asciiDigits(v.trim())) ? null : 'validation.code';

/** Persian and Arabic-Indic digits as ASCII ones, as a code typed on a Persian keyboard is sent. */
export function asciiDigits(text: string): string {
  return text.replace(/[\u06F0-\u06F9\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) & 0xf));
}

/** An invitation code, 8 letters or digits. */
export const invitationCode: Rule = (v) =>
  !v.trim() ? 'validation.required' : /^[A-Za-z0-9]{8}$/.test(v.trim()) ? null : 'validation.invitationCode';

/** An optional mobile number. */
export const phone: Rule = (v) => (!v.trim() || PHONE.test(v.trim()) ? null : 'validation.phone');

/** An `HH:mm` time. */
export const clock: Rule = (v) => (!v ? 'validation.required' : HHMM.test(v) ? null : 'validation.time');

/** An optional web address of a picture. */
export const imageUrl: Rule = (v) =>
  !v.trim() || /^(https?:\/\/|\/uploads\/|\/api\/v1\/files\/)\S+$/.test(v.trim()) ? null : 'validation.imageUrl';

/** A date in the past (birth date). */
export const pastDate: Rule = (v) => {
  if (!v) return 'validation.required';
  const t = Date.parse(v);
  return Number.isFinite(t) && t < Date.now() ? null : 'validation.pastDate';
};

/** A non-negative number (wage). */
export const wage: Rule = (v) =>
  !v.trim() || (Number.isFinite(Number(v)) && Number(v) >= 0) ? null : 'validation.wage';

/** Runs each field's rules in order and keeps the first failure per field. */
export function validate<K extends string>(
  values: Record<K, string>,
  rules: Partial<Record<K, Rule[]>>,
): Partial<Record<K, string>> {
  const errors: Partial<Record<K, string>> = {};
  for (const key of Object.keys(rules) as K[]) {
    for (const rule of rules[key] ?? []) {
      const failure = rule(values[key] ?? '');
      if (failure) {
        errors[key] = failure;
        break;
      }
    }
  }
  return errors;
}

/** Whether a validation result has no failures. */
export function isValid(errors: Record<string, string | undefined>): boolean {
  return Object.values(errors).every((e) => !e);
}

/** The choice a control's text names, from the choices it offers (no cast over a code). */
export function choiceOf<T extends string>(choices: readonly T[], value: string): T | undefined {
  return choices.find((c) => c === value);
}
