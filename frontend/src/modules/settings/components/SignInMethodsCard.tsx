import { useTranslation } from 'react-i18next';
import { useMe } from '@/modules/auth/hooks/useMe';
import { useSignInMethods } from '@/modules/auth/hooks/useSignInMethods';
import { Card, Muted, Stack } from '@/modules/ui/components/Layout';
import { useAccountFormats } from '../hooks/useAccountFormats';

/**
 * The ways the person signs in (a password, Google accounts) with a link to where each is
 * changed or added on this page, and when they last signed in.
 */
export function SignInMethodsCard() {
  const { t } = useTranslation();
  const me = useMe();
  const offered = useSignInMethods();
  const { when } = useAccountFormats();
  if (!me) return null;
  const google = me.linkedAccounts;
  return (
    <Card>
      <Stack>
        <h2 style={{ margin: 0 }}>{t('settings.signInMethods')}</h2>
        <ul style={{ margin: 0, paddingInlineStart: 20 }} data-testid="sign-in-methods">
          <li>
            {t('settings.methodPassword')}: {me.hasPassword ? t('settings.methodSet') : t('settings.methodNotSet')}{' '}
            <a href="#password">{me.hasPassword ? t('settings.changePassword') : t('settings.addPasswordButton')}</a>
          </li>
          {google.map((a) => (
            <li key={`${a.issuer}|${a.email}`}>
              {t('settings.google')}: <bdi dir="ltr">{a.email}</bdi>
            </li>
          ))}
          {google.length === 0 && offered?.google ? (
            <li>
              {t('settings.google')}: {t('settings.methodNotLinked')} <a href="#google">{t('settings.linkGoogle')}</a>
            </li>
          ) : null}
        </ul>
        <Muted data-testid="last-sign-in">
          {me.lastLogin === null ? t('settings.neverSignedIn') : t('settings.lastSignIn', { when: when(me.lastLogin) })}
        </Muted>
      </Stack>
    </Card>
  );
}
