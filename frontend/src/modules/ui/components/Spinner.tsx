import styled, { keyframes } from 'styled-components';

const spin = keyframes`to { transform: rotate(360deg); }`;

const StyledSpinner = styled.div`
  width: 28px;
  height: 28px;
  border: 3px solid ${({ theme }) => theme.color.primarySoft};
  border-top-color: ${({ theme }) => theme.color.primary};
  border-radius: 50%;
  animation: ${spin} 0.8s linear infinite;
`;

const StyledCentre = styled.div`
  min-height: 50vh;
  display: flex;
  align-items: center;
  justify-content: center;
`;

/** A spinner centred in its space; `label` is read out to assistive technology. */
export function Loading({ label }: { label: string }) {
  return (
    <StyledCentre role="progressbar" aria-label={label}>
      <StyledSpinner />
    </StyledCentre>
  );
}
