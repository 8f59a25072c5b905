import styled, { css } from 'styled-components';

/** How a button looks. */
export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

/** A button; `$variant` picks its look. */
export const Button = styled.button<{ $variant?: ButtonVariant; $small?: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.spacing(2)};
  padding: ${({ theme, $small }) => ($small ? `${theme.spacing(1)} ${theme.spacing(3)}` : `${theme.spacing(2)} ${theme.spacing(4)}`)};
  min-height: ${({ $small }) => ($small ? '30px' : '38px')};
  border-radius: ${({ theme }) => theme.radius}px;
  border: 1px solid transparent;
  font-weight: 500;
  cursor: pointer;
  transition: background 0.15s, opacity 0.15s;
  /* Unmistakably off in both themes: faded and without its colour. */
  &:disabled { opacity: 0.45; cursor: not-allowed; filter: grayscale(1); }
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.color.primary}; outline-offset: 2px; }
  ${({ theme, $variant = 'primary' }) => {
    switch ($variant) {
      case 'primary':
        return css`background: ${theme.color.primary}; color: ${theme.color.onPrimary};`;
      case 'danger':
        return css`background: ${theme.color.danger}; color: ${theme.color.onDanger};`;
      case 'secondary':
        return css`background: ${theme.color.surface}; color: ${theme.color.text}; border-color: ${theme.color.border};`;
      case 'ghost':
        return css`background: transparent; color: ${theme.color.primary};`;
    }
  }}
`;
