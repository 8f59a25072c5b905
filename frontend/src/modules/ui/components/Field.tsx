import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import styled from 'styled-components';

const StyledField = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(1)};
  font-size: 14px;
  color: ${({ theme }) => theme.color.textMuted};
`;

const inputStyles = `
  width: 100%;
  min-height: 40px;
  padding: 8px 12px;
  border-width: 1px;
  border-style: solid;
`;

const StyledInput = styled.input<{ $invalid: boolean }>`
  ${inputStyles}
  border-radius: ${({ theme }) => theme.radius}px;
  border-color: ${({ theme, $invalid }) => ($invalid ? theme.color.danger : theme.color.border)};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  &:focus { outline: 2px solid ${({ theme }) => theme.color.primarySoft}; border-color: ${({ theme }) => theme.color.primary}; }
`;

const StyledTextArea = styled.textarea<{ $invalid: boolean }>`
  ${inputStyles}
  min-height: 96px;
  resize: vertical;
  font: inherit;
  border-radius: ${({ theme }) => theme.radius}px;
  border-color: ${({ theme, $invalid }) => ($invalid ? theme.color.danger : theme.color.border)};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  &:focus { outline: 2px solid ${({ theme }) => theme.color.primarySoft}; border-color: ${({ theme }) => theme.color.primary}; }
`;

const StyledSelect = styled.select<{ $invalid: boolean }>`
  ${inputStyles}
  border-radius: ${({ theme }) => theme.radius}px;
  border-color: ${({ theme, $invalid }) => ($invalid ? theme.color.danger : theme.color.border)};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
`;

const StyledError = styled.span`
  color: ${({ theme }) => theme.color.danger};
  font-size: 13px;
`;

const StyledLabelText = styled.label`
  color: ${({ theme }) => theme.color.text};
  font-weight: 500;
`;

export type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: ReactNode;
  error?: string | null;
};

/** What a labelled control receives: its id, whether it is invalid, and what describes it. */
interface ControlProps {
  id: string;
  $invalid: boolean;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

/** A label, the control it names, and the control's validation message below it. */
function Labelled({ label, error, id, control }: { label: ReactNode; error?: string | null; id?: string; control: (props: ControlProps) => ReactNode }) {
  const errorId = useId();
  const ownId = useId();
  const controlId = id ?? ownId;
  return (
    <StyledField>
      <StyledLabelText htmlFor={controlId}>{label}</StyledLabelText>
      {control({ id: controlId, $invalid: !!error, 'aria-invalid': !!error, 'aria-describedby': error ? errorId : undefined })}
      {error ? (
        <StyledError id={errorId} role="alert">
          {error}
        </StyledError>
      ) : null}
    </StyledField>
  );
}

/** A labelled input with its validation message below it. */
export function TextField({ label, error, id, ...input }: TextFieldProps) {
  return <Labelled label={label} error={error} id={id} control={(props) => <StyledInput {...input} {...props} />} />;
}

export type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: ReactNode;
  error?: string | null;
};

/** A labelled multi-line input with its validation message below it; what is typed keeps its own direction. */
export function TextAreaField({ label, error, id, ...area }: TextAreaFieldProps) {
  return <Labelled label={label} error={error} id={id} control={(props) => <StyledTextArea dir="auto" {...area} {...props} />} />;
}

export type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: ReactNode;
  error?: string | null;
  options: { value: string; label: string }[];
};

/** A labelled select with its validation message below it. */
export function SelectField({ label, error, options, id, ...select }: SelectFieldProps) {
  return (
    <Labelled
      label={label}
      error={error}
      id={id}
      control={(props) => (
        <StyledSelect {...select} {...props}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </StyledSelect>
      )}
    />
  );
}

const StyledCheck = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(2)};
  cursor: pointer;
  input { width: 18px; height: 18px; accent-color: ${({ theme }) => theme.color.primary}; }
`;

export type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: ReactNode };

/** A checkbox with its label. */
export function Checkbox({ label, ...input }: CheckboxProps) {
  return (
    <StyledCheck>
      <input type="checkbox" {...input} />
      <span>{label}</span>
    </StyledCheck>
  );
}

/** A form's error that belongs to no single field. */
export const FormError = StyledError;
