import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Muted } from '@/modules/ui/components/Layout';
import { Switch } from '@/modules/ui/components/Switch';
import type { ChannelChangeHandler } from '../types/notificationSettings';
import type { ShownKindSetting } from '../utils/kinds';

const StyledTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  th, td { padding: ${({ theme }) => `${theme.spacing(3)} ${theme.spacing(2)}`}; vertical-align: middle; }
  thead th { font-size: 13px; font-weight: 600; color: ${({ theme }) => theme.color.textMuted}; text-align: center; white-space: nowrap; }
  thead th:first-child, tbody th { text-align: start; }
  tbody th { font-weight: normal; }
  tbody tr { border-top: 1px solid ${({ theme }) => theme.color.border}; }
  td { text-align: center; }
`;

const StyledKind = styled.span`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(1)};
  strong { font-weight: 600; }
`;

export interface ChannelsTableProps {
  kinds: ShownKindSetting[];
  onChange: ChannelChangeHandler;
}

/** The kinds as a table: a row each, with its words, "always" in the app, and its mail and push switches. */
export function ChannelsTable({ kinds, onChange }: ChannelsTableProps) {
  const { t } = useTranslation();
  return (
    <StyledTable data-testid="notification-kinds">
      <thead>
        <tr>
          <th scope="col">{t('notificationSettings.kind')}</th>
          <th scope="col">{t('notificationSettings.inApp')}</th>
          <th scope="col">{t('notificationSettings.mail')}</th>
          <th scope="col">{t('notificationSettings.push')}</th>
        </tr>
      </thead>
      <tbody>
        {kinds.map(({ kind, mail, push }) => {
          const name = t(`notificationSettings.kinds.${kind}.name`);
          return (
            <tr key={kind} data-testid={`kind-${kind}`}>
              <th scope="row">
                <StyledKind>
                  <strong>{name}</strong>
                  <Muted>{t(`notificationSettings.kinds.${kind}.description`)}</Muted>
                </StyledKind>
              </th>
              <td>{t('notificationSettings.always')}</td>
              <td>
                <Switch checked={mail} aria-label={t('notificationSettings.mailFor', { kind: name })} onChange={(e) => onChange(kind, 'mail', e.target.checked)} />
              </td>
              <td>
                <Switch checked={push} aria-label={t('notificationSettings.pushFor', { kind: name })} onChange={(e) => onChange(kind, 'push', e.target.checked)} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </StyledTable>
  );
}
