import { TemplatesScreen } from '@/modules/templates/components/TemplatesScreen';

/** `/schedule/templates`: the store's shift, weekly and daily templates. */
export function TemplatesPage() {
  return <TemplatesScreen />;
}
