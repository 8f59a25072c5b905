import styled from 'styled-components';

/**
 * A table of figures: a name in the first column, numbers in the others, each number under
 * its heading (both aligned to the end, in digits of one width).
 */
export const FiguresTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-variant-numeric: tabular-nums;
  th, td { padding: ${({ theme }) => theme.spacing(1)} ${({ theme }) => theme.spacing(2)}; text-align: end; white-space: nowrap; }
  th:first-child { text-align: start; white-space: normal; }
  tbody tr { border-top: 1px solid ${({ theme }) => theme.color.border}; }
`;
