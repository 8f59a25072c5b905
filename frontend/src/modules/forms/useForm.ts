import { useCallback, useState } from 'react';
import { isValid, validate, type Rule } from './validation';

/**
 * A form's values and the catalogue keys of its failures. Fields are checked on submit and,
 * once the form was submitted, again on every change.
 */
export function useForm<K extends string>(
  initial: Record<K, string>,
  rules: (values: Record<K, string>) => Partial<Record<K, Rule[]>>,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const [submitted, setSubmitted] = useState(false);

  const set = useCallback(
    (key: K, value: string) => {
      setValues((old) => {
        const next = { ...old, [key]: value };
        if (submitted) setErrors(validate(next, rules(next)));
        return next;
      });
    },
    [rules, submitted],
  );

  /** Validates everything; true when the form may be sent. */
  const check = useCallback(() => {
    setSubmitted(true);
    const found = validate(values, rules(values));
    setErrors(found);
    return isValid(found);
  }, [values, rules]);

  /** Input props of a text field. */
  const field = (key: K) => ({
    name: key,
    value: values[key],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
  });

  return { values, set, errors, check, field, setValues };
}
