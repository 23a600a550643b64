import { SectionCard } from '@client/ui/section-card';
import { Divider } from '@mantine/core';
import { PrivacyBlockedList } from './privacy-blocked-list';
import { PrivacySettingsForm } from './privacy-settings-form';

/** The anchor of the section: /profile#integritet. */
export const PRIVACY_ANCHOR = 'integritet';

/** The profile's 'Integritet': who finds the member, who may write, and the members they have blocked. */
export function PrivacySection() {
  return (
    <SectionCard anchor={PRIVACY_ANCHOR} title="Integritet">
      <PrivacySettingsForm />
      <Divider />
      <PrivacyBlockedList />
    </SectionCard>
  );
}
