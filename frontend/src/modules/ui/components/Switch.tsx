import type { InputHTMLAttributes } from 'react';
import styled from 'styled-components';

const StyledSwitch = styled.span`
  position: relative;
  display: inline-flex;
  flex: none;
  width: 44px;
  height: 24px;
`;

/* The knob sits at the line's start when off and moves to its end when on, so it follows
   the reading direction. */
const StyledTrack = styled.span`
  width: 100%;
  height: 100%;
  border-radius: 12px;
  background: ${({ theme }) => theme.color.textMuted};
  transition: background 0.15s;
  &::after {
    content: '';
    position: absolute;
    top: 3px;
    inset-inline-start: 3px;
    width: 18px;
    height: 18px;
    border-radius: 50%;
    background: ${({ theme }) => theme.color.surface};
    transition: inset-inline-start 0.15s;
  }
`;

const StyledInput = styled.input`
  position: absolute;
  inset: 0;
  width: 100%;
  height: 100%;
  margin: 0;
  opacity: 0;
  cursor: pointer;
  &:checked + ${StyledTrack} { background: ${({ theme }) => theme.color.primary}; }
  &:checked + ${StyledTrack}::after { inset-inline-start: 23px; }
  &:focus-visible + ${StyledTrack} { outline: 2px solid ${({ theme }) => theme.color.primary}; outline-offset: 2px; }
  &:disabled { cursor: not-allowed; }
  &:disabled + ${StyledTrack} { opacity: 0.45; }
`;

export type SwitchProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'role'>;

/**
 * An on/off switch that takes effect at once: a checkbox in the role of a switch, named by
 * `aria-label` or a label of its own.
 */
export function Switch(props: SwitchProps) {
  return (
    <StyledSwitch>
      <StyledInput type="checkbox" role="switch" {...props} />
      <StyledTrack aria-hidden />
    </StyledSwitch>
  );
}
