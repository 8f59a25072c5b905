import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Role } from '@/modules/api/types';
import { choiceOf } from '@/modules/forms/validation';
import { Checkbox, SelectField, TextField } from '@/modules/ui/components/Field';
import { ROW_SORTS, STATUS_FILTERS, type BoardFilter, type Density } from '../utils/boardView';

const StyledBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.spacing(2)};
  margin-bottom: ${({ theme }) => theme.spacing(3)};
  > * { flex: 1 1 140px; min-width: 0; max-width: 240px; }
  > label { flex: 0 0 auto; padding-bottom: 10px; }
`;

export interface BoardToolbarProps {
  filter: BoardFilter;
  roles: Role[];
  density: Density;
  onFilter: (next: BoardFilter) => void;
  onDensity: (next: Density) => void;
}

/** Finding people on a large board: search by name, role and status filters, row order, density. */
export const BoardToolbar = memo(function BoardToolbar({ filter, roles, density, onFilter, onDensity }: BoardToolbarProps) {
  const { t } = useTranslation();
  return (
    <StyledBar role="search" aria-label={t('schedule.find.title')} data-testid="board-toolbar">
      <TextField
        type="search"
        label={t('schedule.find.search')}
        value={filter.search}
        onChange={(e) => onFilter({ ...filter, search: e.target.value })}
        data-testid="board-search"
        autoComplete="off"
      />
      <SelectField
        label={t('schedule.find.role')}
        value={filter.role ?? ''}
        onChange={(e) => onFilter({ ...filter, role: e.target.value || null })}
        options={[{ value: '', label: t('schedule.find.allRoles') }, ...roles.map((r) => ({ value: r.id, label: r.title }))]}
        data-testid="board-role"
      />
      <SelectField
        label={t('schedule.find.status')}
        value={filter.status}
        onChange={(e) => onFilter({ ...filter, status: choiceOf(STATUS_FILTERS, e.target.value) ?? filter.status })}
        options={STATUS_FILTERS.map((s) => ({ value: s, label: t(`schedule.find.statuses.${s}`) }))}
        data-testid="board-status"
      />
      <SelectField
        label={t('schedule.find.sort')}
        value={filter.sort}
        onChange={(e) => onFilter({ ...filter, sort: choiceOf(ROW_SORTS, e.target.value) ?? filter.sort })}
        options={ROW_SORTS.map((s) => ({ value: s, label: t(`schedule.find.sorts.${s}`) }))}
        data-testid="board-sort"
      />
      <Checkbox
        label={t('schedule.find.compact')}
        checked={density === 'compact'}
        onChange={(e) => onDensity(e.target.checked ? 'compact' : 'comfortable')}
        data-testid="board-compact"
      />
    </StyledBar>
  );
});
