import { BusinessInfo } from '@/modules/stores/components/BusinessInfo';

/** `/business-info`: the owner's store settings. */
export function BusinessInfoPage() {
  return <BusinessInfo />;
}
