import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { AuthPanel } from '../../../components/auth-panel';
import { ResetRequestForm } from '../../../features/auth/components/reset-request-form';

export function Component() {
  return (
    <AuthPanel
      title="Reset your password"
      description="Enter the email you sign in with. We'll send you a link to choose a new password."
      footer={
        <>
          Remembered it?{' '}
          <Anchor component={Link} to="/login">
            Back to sign in
          </Anchor>
        </>
      }
    >
      <ResetRequestForm />
    </AuthPanel>
  );
}
