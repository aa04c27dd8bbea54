import { Alert, Button, Grid, Paper, Skeleton, Stack, Stepper } from '@mantine/core';
import { Link } from 'react-router';
import type { ImportDetail } from '@leadtrail/contracts';
import { useCustomFields } from '../../../lib/custom-fields-query';
import { errorMessage } from '../../../lib/api-client';
import { FilePreview } from './file-preview';
import { MappingStep } from './mapping-step';
import { OptionsStep, type Option } from './options-step';
import { ReviewStep } from './review-step';
import { UploadStep } from './upload-step';
import classes from './imports.module.css';

type Props = {
  /** The import being set up (null before the upload). */
  imp: ImportDetail | null;
  loading: boolean;
  error: unknown;
  step: number;
  onStep: (step: number) => void;
  onUploaded: (imp: ImportDetail) => void;
  onStarted: (imp: ImportDetail) => void;
  lists: Option[];
  owners: Option[];
  canCreateFields: boolean;
};

/** Upload → Map columns → Options → Review, with the file's preview in view from the second step on. */
export function ImportWizard({ imp, loading, error, step, onStep, onUploaded, onStarted, lists, owners, canCreateFields }: Props) {
  const customFields = useCustomFields(imp?.entity ?? 'contacts');
  const editable = imp?.status === 'mapping' || imp?.status === 'uploaded';
  const active = imp ? Math.min(Math.max(step, 1), 3) : 0;

  if (error) {
    return (
      <Alert color="red" variant="light" role="alert" title="This import can't be opened">
        {errorMessage(error)}
      </Alert>
    );
  }
  if (imp && !editable) {
    return (
      <Alert color="blue" variant="light" title="This import has already started">
        <Stack gap="sm" align="flex-start">
          Its mapping and options can no longer change.
          <Button component={Link} to={`/my-contacts/uploaded-files/${imp.id}`} size="xs">
            Open the import
          </Button>
        </Stack>
      </Alert>
    );
  }

  const body = (() => {
    if (loading || (imp && customFields.isPending)) {
      return (
        <Stack gap="sm" aria-busy="true" aria-label="Loading the import">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={36} radius="sm" />
          ))}
        </Stack>
      );
    }
    if (!imp) return <UploadStep onUploaded={onUploaded} />;
    if (active === 1) {
      return (
        <MappingStep
          // settings that change the columns start the mapping over from the server's answer
          key={`${imp.entity}|${imp.encoding}|${imp.delimiter}|${imp.headerRow}|${imp.sheet}|${imp.columns.length}`}
          imp={imp}
          customFields={customFields.data ?? []}
          canCreateFields={canCreateFields}
          onNext={() => onStep(2)}
        />
      );
    }
    if (active === 2) return <OptionsStep key={imp.entity} imp={imp} lists={lists} owners={owners} onBack={() => onStep(1)} onNext={() => onStep(3)} />;
    return <ReviewStep imp={imp} lists={lists} owners={owners} onBack={() => onStep(2)} onStarted={onStarted} />;
  })();

  return (
    <Stack gap="lg">
      <Stepper
        active={active}
        onStepClick={(s) => imp && s >= 1 && s < active && onStep(s)}
        allowNextStepsSelect={false}
        size="sm"
      >
        <Stepper.Step label="Upload" description="CSV or Excel" />
        <Stepper.Step label="Map columns" description="Fields for each column" />
        <Stepper.Step label="Options" description="Duplicates, list, owner" />
        <Stepper.Step label="Review" description="Check and start" />
      </Stepper>
      {imp ? (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Paper withBorder radius="md" p="lg">
              {body}
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <div className={classes.sticky}>
              <FilePreview imp={imp} editable={editable && active === 1} />
            </div>
          </Grid.Col>
        </Grid>
      ) : (
        <Paper withBorder radius="md" p="lg">
          {body}
        </Paper>
      )}
    </Stack>
  );
}
