import { totpConfirmBodySchema, totpEnableBodySchema, type Profile, type TotpSetup } from '@leadtrail/contracts';
import { Badge, Button, Code, Group, Image, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useRegenerateRecoveryCodes, useTotpDisable, useTotpEnable, useTotpSetup } from '../api/account';
import { RecoveryCodesModal } from './recovery-codes-modal';
import { Section } from './section';
import { formErrorFrom } from './submit-errors';

/** Password + current code: to turn 2FA off or to replace the recovery codes. */
function ConfirmModal({
  mode,
  onClose,
  onCodes,
}: {
  mode: 'disable' | 'regenerate' | null;
  onClose: () => void;
  onCodes: (codes: string[]) => void;
}) {
  const disable = useTotpDisable();
  const regenerate = useRegenerateRecoveryCodes();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { password: '', code: '' },
    validate: schemaResolver(totpConfirmBodySchema, { sync: true }),
  });
  const close = () => {
    form.reset();
    setFormError(null);
    onClose();
  };
  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      if (mode === 'disable') {
        await disable.mutateAsync(values);
        notifications.show({ color: 'green', message: 'Two-step verification is off' });
      } else {
        const { recoveryCodes } = await regenerate.mutateAsync(values);
        onCodes(recoveryCodes);
      }
      close();
    } catch (error) {
      setFormError(formErrorFrom(form, error));
    }
  });
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={!!mode}
      onClose={close}
      title={mode === 'disable' ? 'Turn off two-step verification' : 'New recovery codes'}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            {mode === 'disable'
              ? 'Signing in will then need your password only.'
              : 'Your current recovery codes stop working and ten new ones are shown once.'}
          </Text>
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            data-autofocus
            {...form.getInputProps('password')}
          />
          <TextInput
            label="Code"
            description="From your authenticator app, or one of your recovery codes"
            autoComplete="one-time-code"
            required
            {...form.getInputProps('code')}
          />
          {formError && (
            <Text c="red" size="sm" role="alert">
              {formError}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              type="submit"
              color={mode === 'disable' ? 'red' : undefined}
              loading={disable.isPending || regenerate.isPending}
            >
              {mode === 'disable' ? 'Turn off' : 'Make new codes'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function SetupPanel({
  setup,
  onDone,
  onCancel,
}: {
  setup: TotpSetup;
  onDone: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const enable = useTotpEnable();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({ initialValues: { code: '' }, validate: schemaResolver(totpEnableBodySchema, { sync: true }) });
  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      const { recoveryCodes } = await enable.mutateAsync(values.code.trim());
      onDone(recoveryCodes);
    } catch (error) {
      setFormError(formErrorFrom(form, error));
    }
  });
  return (
    <Stack gap="md">
      <Text size="sm">1. Scan this QR code with an authenticator app (Google Authenticator, 1Password, Authy…).</Text>
      <Group align="flex-start" gap="lg">
        <Image src={setup.qrDataUrl} alt="QR code for your authenticator app" w={180} h={180} />
        <Stack gap={4} maw={360}>
          <Text size="sm">Can&apos;t scan it? Enter this key in the app:</Text>
          <Code block data-testid="totp-secret">
            {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
          </Code>
        </Stack>
      </Group>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Code from the app"
            description="2. Enter the 6-digit code it shows"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            w={260}
            required
            {...form.getInputProps('code')}
          />
          {formError && (
            <Text c="red" size="sm" role="alert">
              {formError}
            </Text>
          )}
          <Group>
            <Button type="submit" loading={enable.isPending}>
              Turn on two-step verification
            </Button>
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

export function TwoFactor({ profile }: { profile: Profile }) {
  const setup = useTotpSetup();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [confirm, setConfirm] = useState<'disable' | 'regenerate' | null>(null);

  const start = () =>
    setup.mutate(undefined, {
      onError: (error) =>
        notifications.show({ color: 'red', title: 'Could not start the set-up', message: errorMessage(error) }),
    });

  return (
    <Section
      id="two-factor"
      title="Two-step verification"
      description="Signing in asks for a code from your phone as well as your password."
    >
      {profile.totpEnabled ? (
        <Stack gap="sm">
          <Group gap="sm">
            <Badge
              color="green"
              variant="default"
              leftSection={<IconShieldCheck size={14} aria-hidden="true" />}
              tt="none"
            >
              On
            </Badge>
            <Text size="sm" c={profile.recoveryCodesRemaining <= 2 ? 'orange' : 'dimmed'}>
              {profile.recoveryCodesRemaining} of 10 recovery codes left
            </Text>
          </Group>
          <Group>
            <Button variant="default" onClick={() => setConfirm('regenerate')}>
              New recovery codes
            </Button>
            <Button variant="subtle" color="red" onClick={() => setConfirm('disable')}>
              Turn off
            </Button>
          </Group>
        </Stack>
      ) : setup.data ? (
        <SetupPanel
          setup={setup.data}
          onCancel={() => setup.reset()}
          onDone={(recoveryCodes) => {
            setup.reset();
            setCodes(recoveryCodes);
            notifications.show({ color: 'green', message: 'Two-step verification is on' });
          }}
        />
      ) : (
        <Group>
          <Badge color="gray" variant="default" tt="none">
            Off
          </Badge>
          <Button onClick={start} loading={setup.isPending}>
            Set up two-step verification
          </Button>
        </Group>
      )}
      <RecoveryCodesModal codes={codes} onClose={() => setCodes(null)} />
      <ConfirmModal mode={confirm} onClose={() => setConfirm(null)} onCodes={setCodes} />
    </Section>
  );
}
