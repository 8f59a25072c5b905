import styled from 'styled-components';

/* Tabs that do not fit (a phone, a long language) scroll sideways inside their row instead of
   widening the page. */
const StyledTabs = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.spacing(1)};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  margin-bottom: ${({ theme }) => theme.spacing(4)};
  max-width: 100%;
  overflow-x: auto;
  overscroll-behavior-x: contain;
  scrollbar-width: thin;
`;

const StyledTab = styled.button<{ $active: boolean }>`
  flex: none;
  white-space: nowrap;
  padding: ${({ theme }) => `${theme.spacing(2)} ${theme.spacing(3)}`};
  border: none;
  background: none;
  cursor: pointer;
  font-weight: 500;
  color: ${({ theme, $active }) => ($active ? theme.color.primary : theme.color.textMuted)};
  border-bottom: 2px solid ${({ theme, $active }) => ($active ? theme.color.primary : 'transparent')};
`;

export interface TabsProps<T extends string> {
  tabs: { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}

/** A row of tabs. */
export function Tabs<T extends string>({ tabs, value, onChange }: TabsProps<T>) {
  return (
    <StyledTabs role="tablist">
      {tabs.map((tab) => (
        <StyledTab
          key={tab.value}
          role="tab"
          aria-selected={tab.value === value}
          $active={tab.value === value}
          onClick={() => onChange(tab.value)}
          type="button"
        >
          {tab.label}
        </StyledTab>
      ))}
    </StyledTabs>
  );
}
