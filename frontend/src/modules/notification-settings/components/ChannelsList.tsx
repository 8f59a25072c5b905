import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Muted } from '@/modules/ui/components/Layout';
import { Switch } from '@/modules/ui/components/Switch';
import type { ChannelChangeHandler } from '../types/notificationSettings';
import type { ShownKindSetting } from '../utils/kinds';

const StyledList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const StyledItem = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(1)};
  padding: ${({ theme }) => theme.spacing(3)} 0;
  border-top: 1px solid ${({ theme }) => theme.color.border};
  strong { font-weight: 600; }
`;

const StyledChannels = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => `${theme.spacing(2)} ${theme.spacing(5)}`};
  margin-top: ${({ theme }) => theme.spacing(1)};
`;

const StyledChannel = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(2)};
  min-height: 32px;
  cursor: pointer;
`;

export interface ChannelsListProps {
  kinds: ShownKindSetting[];
  onChange: ChannelChangeHandler;
}

/** The kinds as a list for a phone: each with its words, "in the app: always", and its mail and push switches. */
export function ChannelsList({ kinds, onChange }: ChannelsListProps) {
  const { t } = useTranslation();
  return (
    <StyledList data-testid="notification-kinds">
      {kinds.map(({ kind, mail, push }) => {
        const name = t(`notificationSettings.kinds.${kind}.name`);
        return (
          <StyledItem key={kind} data-testid={`kind-${kind}`}>
            <strong>{name}</strong>
            <Muted>{t(`notificationSettings.kinds.${kind}.description`)}</Muted>
            <StyledChannels>
              <Muted>{t('notificationSettings.inAppAlways')}</Muted>
              <StyledChannel>
                <Switch checked={mail} aria-label={t('notificationSettings.mailFor', { kind: name })} onChange={(e) => onChange(kind, 'mail', e.target.checked)} />
                {t('notificationSettings.mail')}
              </StyledChannel>
              <StyledChannel>
                <Switch checked={push} aria-label={t('notificationSettings.pushFor', { kind: name })} onChange={(e) => onChange(kind, 'push', e.target.checked)} />
                {t('notificationSettings.push')}
              </StyledChannel>
            </StyledChannels>
          </StyledItem>
        );
      })}
    </StyledList>
  );
}
