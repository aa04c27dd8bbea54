import { Alert, Button, Group } from '@mantine/core';
import { modals } from '@mantine/modals';

/** A destructive confirmation's error (when there is one) and its buttons: Cancel closes the modal, the red one confirms. */
export function ConfirmActions(props: { modalId: string; error: string | null; pending: boolean; label: string; onConfirm: () => void }) {
  return (
    <>
      {props.error && (
        <Alert color="red" variant="light" role="alert">
          {props.error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => modals.close(props.modalId)} disabled={props.pending}>
          Cancel
        </Button>
        <Button color="red" onClick={props.onConfirm} loading={props.pending} data-autofocus>
          {props.label}
        </Button>
      </Group>
    </>
  );
}
