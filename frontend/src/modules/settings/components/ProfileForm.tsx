import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { format } from 'date-fns';
import { useApi } from '@/modules/auth/hooks/useApi';
import { useMe } from '@/modules/auth/hooks/useMe';
import { useSession } from '@/modules/auth/hooks/useSession';
import { useForm } from '@/modules/forms/useForm';
import { imageUrl, phone, required, type Rule } from '@/modules/forms/validation';
import { useReportedCall } from '@/modules/snackbar/hooks/useReportedCall';
import { ImageUpload } from '@/modules/files/components/ImageUpload';
import { Button } from '@/modules/ui/components/Button';
import { FormError, TextAreaField, TextField } from '@/modules/ui/components/Field';
import { ABOUT_ME_MAX, characters, DESCRIPTION_MAX } from '@/modules/privacy/utils/privacy';
import { Card, Row, Stack } from '@/modules/ui/components/Layout';

type Fields = 'firstName' | 'lastName' | 'photo' | 'phone' | 'birthday' | 'description' | 'aboutMe';

const pastOrEmpty: Rule = (v) => (!v || Date.parse(v) < Date.now() ? null : 'validation.pastDate');
const shortDescription: Rule = (v) => (characters(v) <= DESCRIPTION_MAX ? null : 'validation.descriptionTooLong');
const shortAboutMe: Rule = (v) => (characters(v) <= ABOUT_ME_MAX ? null : 'validation.aboutMeTooLong');
const rules = () => ({
  firstName: [required],
  lastName: [required],
  photo: [imageUrl],
  phone: [phone],
  birthday: [pastOrEmpty],
  description: [shortDescription],
  aboutMe: [shortAboutMe],
});

/** Name, photo, phone, birthday, a one-line description and a few words about the signed-in user. */
export function ProfileForm() {
  const { t } = useTranslation();
  const api = useApi();
  const me = useMe();
  const { refreshMe } = useSession();
  const { run } = useReportedCall();
  const form = useForm<Fields>(
    {
      firstName: me?.firstName ?? '',
      lastName: me?.lastName ?? '',
      photo: me?.profileImage ?? '',
      phone: me?.phoneNumber ?? '',
      birthday: me?.birthday ? format(new Date(me.birthday), 'yyyy-MM-dd') : '',
      description: me?.description ?? '',
      aboutMe: me?.aboutMe ?? '',
    },
    rules,
  );
  const [failure, setFailure] = useState<string | null>(null);
  const err = (k: Fields) => (form.errors[k] ? t(form.errors[k]) : null);

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!form.check()) return;
    const v = form.values;
    await run(
      async () => {
        await api.call('updateProfile', {
          firstName: v.firstName.trim(),
          lastName: v.lastName.trim(),
          phoneNumber: v.phone.trim(),
          ...(v.photo.trim() ? { profile: v.photo.trim() } : { removeProfile: true }),
          ...(v.birthday ? { birthday: Date.parse(v.birthday) } : {}),
          // Blank clears either text.
          description: v.description.trim(),
          aboutMe: v.aboutMe.trim(),
        });
        await refreshMe();
      },
      { key: 'profile', done: 'settings.profileSaved', inline: setFailure },
    );
  };

  return (
    <Card>
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <h2 style={{ margin: 0 }}>{t('settings.profile')}</h2>
          <Row $gap={3} $align="flex-start">
            <div style={{ flex: 1, minWidth: 200 }}><TextField label={t('fields.firstName')} {...form.field('firstName')} error={err('firstName')} /></div>
            <div style={{ flex: 1, minWidth: 200 }}><TextField label={t('fields.lastName')} {...form.field('lastName')} error={err('lastName')} /></div>
          </Row>
          <ImageUpload
            label={t('fields.photo')}
            value={form.values.photo}
            onChange={(url) => form.set('photo', url)}
            purpose="profile"
            name={`${form.values.firstName} ${form.values.lastName}`}
          />
          <TextField label={t('fields.phone')} type="tel" {...form.field('phone')} error={err('phone')} />
          <TextField label={t('fields.birthday')} type="date" {...form.field('birthday')} error={err('birthday')} />
          <TextField label={t('fields.description')} {...form.field('description')} error={err('description')} data-testid="profile-description" />
          <TextAreaField label={t('fields.aboutMe')} rows={4} {...form.field('aboutMe')} error={err('aboutMe')} data-testid="profile-about-me" />
          {failure ? <FormError role="alert">{failure}</FormError> : null}
          <Row $justify="flex-end"><Button type="submit">{t('common.save')}</Button></Row>
        </Stack>
      </form>
    </Card>
  );
}
