import styled from 'styled-components';

/** A vertical list of cards (shifts, requests, notifications). */
export const CardList = styled.ul`
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(2)};
`;

/** One card of a {@link CardList}: an accent colour at its start edge, highlighted if new. */
export const CardItem = styled.li<{ $accent?: string; $highlight?: boolean }>`
  list-style: none;
  padding: ${({ theme }) => theme.spacing(3)};
  border-radius: ${({ theme }) => theme.radius}px;
  border: 1px solid ${({ theme }) => theme.color.border};
  ${({ $accent }) => ($accent ? `border-inline-start: 5px solid ${$accent};` : '')}
  background: ${({ theme, $highlight }) => ($highlight ? theme.color.primarySoft : theme.color.surface)};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(1)};
`;
