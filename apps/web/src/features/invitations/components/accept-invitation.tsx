import { acceptInvitationBodySchema, passwordSchema, type InvitationPreview } from '@leadtrail/contracts';
import { Alert, Button, Group, PasswordInput, Skeleton, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconClockX, IconMailOff, IconUserCheck } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { AuthPanel } from '../../../components/auth-panel';
import { errorMessage, isApiError, isApiErrorWith } from '../../../lib/api-client';
import { applyProblemToForm } from '../../../lib/form-errors';
import { useAcceptInvitation, useInvitationPreview, useSignOutForInvitation } from '../api/invitation-link';

type AcceptInvitationProps = {
  token: string;
  /** Called once the person belongs to the workspace and is signed in there. */
  onJoined: () => void;
};

const article = (role: string) => (role === 'admin' ? 'an admin' : 'a member');

/** A dead end of the link: the reason in plain, left-aligned text across the panel, then the way on. */
function Problem({ title, text, icon, action }: { title: string; text: string; icon: ReactNode; action?: ReactNode }) {
  return (
    <AuthPanel title={title}>
      <Stack gap="md">
        <Group gap="md" wrap="nowrap" align="flex-start" data-testid="invitation-problem">
          <ThemeIcon size={44} radius="xl" variant="light" color="gray">
            {icon}
          </ThemeIcon>
          <Text size="sm" flex={1}>
            {text}
          </Text>
        </Group>
        {action ?? (
          <Button component={Link} to="/login" fullWidth>
            Go to sign in
          </Button>
        )}
      </Stack>
    </AuthPanel>
  );
}

function NewAccountForm({
  token,
  preview,
  onJoined,
}: {
  token: string;
  preview: InvitationPreview;
  onJoined: () => void;
}) {
  const accept = useAcceptInvitation(token);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { name: '', password: '' },
    validate: {
      name: (v) => (v.trim() ? null : 'Enter your name'),
      password: (v) => passwordSchema.safeParse(v).error?.issues[0]?.message ?? null,
    },
  });
  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      await accept.mutateAsync(acceptInvitationBodySchema.parse(values));
      onJoined();
    } catch (error) {
      const { unmatched } = applyProblemToForm(form, error);
      const placed = isApiError(error) ? error.errors.length - unmatched.length : 0;
      if (placed === 0) setFormError(unmatched[0] ?? errorMessage(error));
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {formError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
            {formError}
          </Alert>
        )}
        <TextInput label="Email" value={preview.email} readOnly description="The address this invitation was sent to" />
        <TextInput label="Your name" autoComplete="name" required data-autofocus {...form.getInputProps('name')} />
        <PasswordInput
          label="Choose a password"
          description="At least 10 characters, not a common password, and not containing your name or email."
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
        />
        <Button type="submit" fullWidth loading={accept.isPending}>
          Create account and join {preview.workspaceName}
        </Button>
      </Stack>
    </form>
  );
}

export function AcceptInvitation({ token, onJoined }: AcceptInvitationProps) {
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation(token);
  const signOut = useSignOutForInvitation(token);

  if (preview.isPending) {
    return (
      <AuthPanel title="Checking your invitation…">
        <Stack gap="sm" aria-busy="true">
          <Skeleton height={16} width="80%" />
          <Skeleton height={16} width="60%" />
          <Skeleton height={36} mt="sm" />
        </Stack>
      </AuthPanel>
    );
  }
  if (preview.isError) {
    if (isApiErrorWith(preview.error, 404)) {
      return (
        <Problem
          title="This invitation link is not valid"
          text="It may have been replaced by a newer invitation, or copied incompletely. Check the latest email, or ask for a new invitation."
          icon={<IconMailOff size={28} aria-hidden="true" />}
        />
      );
    }
    return (
      <Problem
        title="We couldn't check this invitation"
        text={errorMessage(preview.error)}
        icon={<IconAlertCircle size={28} aria-hidden="true" />}
        action={
          <Button onClick={() => void preview.refetch()} fullWidth>
            Try again
          </Button>
        }
      />
    );
  }

  const p = preview.data;
  const from = p.inviterName ? `${p.inviterName} invited you` : 'You were invited';

  if (p.state === 'expired') {
    return (
      <Problem
        title="This invitation has expired"
        text={`Invitations last 7 days. Ask ${p.inviterName ?? 'the person who invited you'} to resend it from Settings → Users.`}
        icon={<IconClockX size={28} aria-hidden="true" />}
      />
    );
  }
  if (p.state === 'revoked') {
    return (
      <Problem
        title="This invitation was withdrawn"
        text={`An admin of ${p.workspaceName} revoked it. Ask them if you should still join.`}
        icon={<IconMailOff size={28} aria-hidden="true" />}
      />
    );
  }
  if (p.state === 'accepted') {
    return (
      <Problem
        title="This invitation was already used"
        text={`Sign in with ${p.email} to reach ${p.workspaceName}.`}
        icon={<IconUserCheck size={28} aria-hidden="true" />}
        action={
          <Button component={Link} to="/" fullWidth>
            Go to Leadtrail
          </Button>
        }
      />
    );
  }

  const title = `Join ${p.workspaceName} on Leadtrail`;
  const intro = (
    <Text size="sm">
      {from} to join <b>{p.workspaceName}</b> as {article(p.role)}. The invitation is for <b>{p.email}</b>.
    </Text>
  );

  if (p.signedInAs && p.signedInAs !== p.email) {
    return (
      <AuthPanel title="This invitation is for another account">
        <Stack gap="md">
          {intro}
          <Text size="sm">
            You are signed in as <b>{p.signedInAs}</b>. Sign out, then accept as {p.email}.
          </Text>
          <Button onClick={() => signOut.mutate()} loading={signOut.isPending} fullWidth>
            Sign out of {p.signedInAs}
          </Button>
          <Button component={Link} to="/" variant="default" fullWidth>
            Stay signed in and go back
          </Button>
        </Stack>
      </AuthPanel>
    );
  }

  if (p.signedInAs) {
    return (
      <AuthPanel title={title}>
        <Stack gap="md">
          {intro}
          {accept.isError && (
            <Alert color="red" variant="light" role="alert">
              {errorMessage(accept.error)}
            </Alert>
          )}
          <Button onClick={() => accept.mutate({}, { onSuccess: onJoined })} loading={accept.isPending} fullWidth>
            Join {p.workspaceName}
          </Button>
        </Stack>
      </AuthPanel>
    );
  }

  if (p.accountExists) {
    const next = `/user-invite/${token}`;
    return (
      <AuthPanel title={title}>
        <Stack gap="md">
          {intro}
          <Text size="sm">{p.email} already has a Leadtrail account: sign in with it to accept.</Text>
          <Button component={Link} to={`/login?next=${encodeURIComponent(next)}`} fullWidth>
            Sign in to accept
          </Button>
        </Stack>
      </AuthPanel>
    );
  }

  return (
    <AuthPanel title={title}>
      <Stack gap="md">
        {intro}
        <NewAccountForm token={token} preview={p} onJoined={onJoined} />
      </Stack>
    </AuthPanel>
  );
}
