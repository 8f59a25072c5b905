import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useMe } from '@/modules/auth/hooks/useMe';
import { useCurrentStore, useSwitchStore } from '../hooks/useCurrentStore';

const StyledSelect = styled.select`
  min-height: 34px;
  max-width: 220px;
  border-radius: ${({ theme }) => theme.radius}px;
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
  padding: 0 ${({ theme }) => theme.spacing(2)};
  font-weight: 500;
`;

const StyledName = styled.strong`
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
  max-width: 220px;
`;

/** The current store's name, or a chooser for people in several stores. */
export function StoreChooser() {
  const { t } = useTranslation();
  const me = useMe();
  const { storeId, store } = useCurrentStore();
  const switchStore = useSwitchStore();
  const stores = (me?.stores ?? []).filter((s) => !s.deactive);
  if (stores.length <= 1) return <StyledName data-testid="store-name" data-tour="store">{store?.name ?? stores[0]?.name}</StyledName>;
  return (
    <StyledSelect
      aria-label={t('stores.choose')}
      value={storeId ?? ''}
      onChange={(e) => switchStore(e.target.value)}
      data-testid="store-chooser"
      data-tour="store"
    >
      {stores.map((s) => (
        <option key={s.id} value={s.id}>
          {s.name}
        </option>
      ))}
    </StyledSelect>
  );
}
