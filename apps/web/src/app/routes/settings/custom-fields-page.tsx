import { useSignedInMe } from '../../../features/auth/api/get-me';
import { CustomFieldsSettings } from '../../../features/custom-fields/components/custom-fields-settings';

export function Component() {
  const me = useSignedInMe();
  return <CustomFieldsSettings canManage={me.permissions.includes('settings:manage')} />;
}
