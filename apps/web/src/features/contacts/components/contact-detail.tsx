import {
  contactFieldLabels as L,
  emailStatusLabels,
  recordSourceLabels,
  seniorityLabels,
  type Contact,
  type UpdateContactBody,
} from '@leadtrail/contracts';
import { Anchor, Button, Grid, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconTrash, IconUserQuestion } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { SuppressedBadge, suppressionMatchText } from '../../../components/suppressed-badge';
import { ErrorScreen } from '../../../components/error-screen';
import { PageHeader } from '../../../components/page-header';
import { ActivityTimeline } from '../../../components/records/activity-timeline';
import { useCustomFields } from '../../../components/records/custom-fields-query';
import { isEmptyValue } from '../../../components/records/custom-field-value';
import { DuplicateNotice } from '../../../components/records/duplicate-notice';
import { InlineField } from '../../../components/records/inline-field';
import { NotesPanel } from '../../../components/records/notes-panel';
import { useOwnerOptions } from '../../../components/records/owners-query';
import { duplicateOf } from '../../../components/records/problem-errors';
import { InlineCustomField, InlineSelectField, InlineTextField } from '../../../components/records/record-fields';
import { RecordSection } from '../../../components/records/record-section';
import { formatExact, RelativeTime } from '../../../components/records/relative-time';
import type { Viewer } from '../../../components/records/viewer';
import { errorMessage, isApiErrorWith } from '../../../lib/api-client';
import { fetchContactsPage, useContact, useDeleteContact, useUpdateContact } from '../api/contacts';
import {
  contactHref,
  contactName,
  emailStatusOptions,
  EmailStatusBadge,
  seniorityOptions,
} from '../utils/contact-columns';
import { CompanyPicker, type PickedCompany } from './company-picker';

type ContactDetailProps = {
  id: string;
  viewer: Viewer;
  /** Panels from other features at the top of the right column (issue 5: the contact's lists). */
  aside?: ReactNode;
};

/** A contact's page: fields in sections on the left (edited in place), notes and history on the right. */
export function ContactDetail({ id, viewer, aside }: ContactDetailProps) {
  const contact = useContact(id);

  if (contact.isPending) return <DetailSkeleton />;
  if (contact.isError) {
    if (isApiErrorWith(contact.error, 404)) {
      return (
        <EmptyState
          icon={<IconUserQuestion size={28} aria-hidden="true" />}
          title="This contact does not exist"
          text="It may have been deleted or merged into another contact, or the link is wrong."
          action={
            <Button component={Link} to="/my-contacts/contacts">
              Back to contacts
            </Button>
          }
        />
      );
    }
    return <ErrorScreen message={errorMessage(contact.error)} onRetry={() => void contact.refetch()} />;
  }
  return <ContactView contact={contact.data} viewer={viewer} aside={aside} />;
}

function DetailSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Loading contact">
      <Skeleton height={14} width={120} />
      <Skeleton height={30} width={280} />
      <Grid>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={160} radius="md" />
            ))}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Skeleton height={320} radius="md" />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function ContactView({ contact, viewer, aside }: { contact: Contact; viewer: Viewer; aside?: ReactNode }) {
  const update = useUpdateContact(contact.id);
  const remove = useDeleteContact();
  const navigate = useNavigate();
  const customFields = useCustomFields('contacts');
  const owners = useOwnerOptions(viewer);
  const readOnly = !viewer.canWrite;
  const canDelete = viewer.canWrite && (viewer.canDeleteAny || contact.ownerId === viewer.memberId);

  const save = (field: keyof UpdateContactBody) => (value: unknown) =>
    update.mutateAsync({ [field]: value } as UpdateContactBody);
  const saveCustom = (key: string) => (value: unknown) =>
    update.mutateAsync({ customFields: { [key]: value as never } });
  const duplicateError = (error: unknown) => {
    const dup = duplicateOf(error);
    return dup ? (
      <DuplicateNotice message="A contact with this email already exists." href={contactHref({ id: dup.existingId })} />
    ) : null;
  };

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: `Delete ${contactName(contact)}?`,
      children: (
        <Text size="sm">
          The contact is deleted with its notes and history. Lists it belongs to lose it. This can&apos;t be undone.
        </Text>
      ),
      labels: { confirm: 'Delete contact', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(contact.id, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: `${contactName(contact)} deleted` });
            void navigate('/my-contacts/contacts');
          },
          onError: (error) =>
            notifications.show({
              color: 'red',
              title: 'Contact not deleted',
              message: isApiErrorWith(error, 403)
                ? 'You can delete only the contacts you own. Ask an owner or an admin.'
                : errorMessage(error),
            }),
        }),
    });

  const fields = customFields.data ?? [];
  const visibleCustom = fields.filter((f) => !f.archived || !isEmptyValue(contact.customFields[f.key]));

  // The server records edits as display text (owner and company names, option labels);
  // only the standard enums arrive as codes.
  const formatValue = (field: string, value: unknown): string => {
    if (isEmptyValue(value)) return '';
    if (field === 'emailStatus') return emailStatusLabels[value as Contact['emailStatus']] ?? String(value);
    if (field === 'seniority') return seniorityLabels[value as NonNullable<Contact['seniority']>] ?? String(value);
    if (typeof value === 'boolean') return value ? 'Yes' : 'No';
    if (Array.isArray(value)) return value.join(', ');
    return String(value);
  };

  const subtitle = [contact.jobTitle, contact.companyName].filter(Boolean).join(' at ');

  return (
    <>
      <PageHeader
        title={contactName(contact)}
        description={
          <Group gap="xs" component="span">
            {subtitle && <span>{subtitle}</span>}
            {contact.suppressed && <SuppressedBadge match={contact.suppressedBy} />}
          </Group>
        }
        above={
          <Anchor component={Link} to="/my-contacts/contacts" size="sm">
            <Group gap={4} component="span">
              <IconArrowLeft size={14} aria-hidden="true" />
              Contacts
            </Group>
          </Anchor>
        }
        actions={
          canDelete && (
            <Button
              variant="default"
              leftSection={<IconTrash size={16} aria-hidden="true" />}
              onClick={confirmDelete}
              loading={remove.isPending}
            >
              Delete contact
            </Button>
          )
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <RecordSection title="Contact">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
                <InlineTextField
                  label={L.firstName}
                  path="firstName"
                  value={contact.firstName}
                  onSave={save('firstName')}
                  readOnly={readOnly}
                />
                <InlineTextField
                  label={L.lastName}
                  path="lastName"
                  value={contact.lastName}
                  onSave={save('lastName')}
                  readOnly={readOnly}
                />
                <InlineTextField
                  label={L.email}
                  path="email"
                  type="email"
                  link="mailto"
                  value={contact.email}
                  onSave={save('email')}
                  readOnly={readOnly}
                  renderError={duplicateError}
                />
                <InlineSelectField
                  label={L.emailStatus}
                  path="emailStatus"
                  value={contact.emailStatus}
                  options={emailStatusOptions}
                  onSave={save('emailStatus')}
                  readOnly={readOnly}
                  display={<EmailStatusBadge status={contact.emailStatus} />}
                />
                <InlineTextField
                  label={L.jobTitle}
                  path="jobTitle"
                  value={contact.jobTitle}
                  onSave={save('jobTitle')}
                  readOnly={readOnly}
                />
                <InlineSelectField
                  label={L.seniority}
                  path="seniority"
                  value={contact.seniority}
                  options={seniorityOptions}
                  onSave={save('seniority')}
                  readOnly={readOnly}
                  clearable
                />
                <InlineTextField
                  label={L.department}
                  path="department"
                  value={contact.department}
                  onSave={save('department')}
                  readOnly={readOnly}
                />
                <InlineTextField
                  label={L.workPhone}
                  path="workPhone"
                  type="tel"
                  link="tel"
                  value={contact.workPhone}
                  onSave={save('workPhone')}
                  readOnly={readOnly}
                />
                <InlineTextField
                  label={L.mobilePhone}
                  path="mobilePhone"
                  type="tel"
                  link="tel"
                  value={contact.mobilePhone}
                  onSave={save('mobilePhone')}
                  readOnly={readOnly}
                />
                <InlineTextField
                  label={L.otherPhone}
                  path="otherPhone"
                  type="tel"
                  link="tel"
                  value={contact.otherPhone}
                  onSave={save('otherPhone')}
                  readOnly={readOnly}
                />
                <InlineTextField
                  label={L.linkedinUrl}
                  path="linkedinUrl"
                  type="url"
                  link="url"
                  value={contact.linkedinUrl}
                  onSave={save('linkedinUrl')}
                  readOnly={readOnly}
                />
                <InlineTextField
                  label={L.city}
                  path="city"
                  value={contact.city}
                  onSave={save('city')}
                  readOnly={readOnly}
                />
                <InlineTextField
                  label={L.region}
                  path="region"
                  value={contact.region}
                  onSave={save('region')}
                  readOnly={readOnly}
                />
                <InlineTextField
                  label={L.country}
                  path="country"
                  value={contact.country}
                  onSave={save('country')}
                  readOnly={readOnly}
                />
                <InlineSelectField
                  label={L.ownerId}
                  path="ownerId"
                  value={contact.ownerId}
                  options={owners.activeOptions}
                  onSave={save('ownerId')}
                  readOnly={readOnly}
                  clearable
                  display={<Text size="sm">{owners.nameOf(contact.ownerId) ?? 'No owner'}</Text>}
                />
              </SimpleGrid>
            </RecordSection>
            <RecordSection title="Company">
              <CompanyField contact={contact} readOnly={readOnly} onSave={save('companyId')} />
              {contact.companyId && (
                <CompanyContacts
                  companyId={contact.companyId}
                  companyName={contact.companyName ?? ''}
                  currentId={contact.id}
                />
              )}
            </RecordSection>
            <RecordSection title="Custom fields">
              {customFields.isPending ? (
                <Skeleton height={60} />
              ) : visibleCustom.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No custom fields for contacts yet.{' '}
                  {viewer.isManager && (
                    <Anchor component={Link} to="/settings/masters/custom-fields" size="sm">
                      Add one in Settings
                    </Anchor>
                  )}
                </Text>
              ) : (
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
                  {visibleCustom.map((field) => (
                    <InlineCustomField
                      key={field.id}
                      field={field}
                      value={contact.customFields[field.key]}
                      onSave={saveCustom(field.key)}
                      readOnly={readOnly}
                    />
                  ))}
                </SimpleGrid>
              )}
            </RecordSection>
            <RecordSection title="Record">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
                <ReadOnly label={L.source}>
                  {recordSourceLabels[contact.source]}
                  {contact.importId && (
                    <>
                      {' · '}
                      <Anchor component={Link} to={`/my-contacts/uploaded-files/${contact.importId}`} size="sm">
                        See the import
                      </Anchor>
                    </>
                  )}
                </ReadOnly>
                <ReadOnly label={L.suppressed}>
                  {contact.suppressedBy ? suppressionMatchText(contact.suppressedBy) : contact.suppressed ? 'Yes: on the suppression list' : 'No'}
                </ReadOnly>
                <ReadOnly label={L.createdAt}>
                  <span title={formatExact(contact.createdAt)}>{formatExact(contact.createdAt)}</span>
                </ReadOnly>
                <ReadOnly label={L.updatedAt}>
                  <RelativeTime iso={contact.updatedAt} size="sm" c={undefined} />
                </ReadOnly>
              </SimpleGrid>
            </RecordSection>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            {aside}
            <NotesPanel
              entity="contacts"
              recordId={contact.id}
              memberId={viewer.memberId}
              canModerate={viewer.isManager}
              canWrite={viewer.canWrite}
            />
            <ActivityTimeline entity="contacts" recordId={contact.id} noun="contact" formatValue={formatValue} />
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}

function ReadOnly({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm" component="div" py={2}>
        {children}
      </Text>
    </div>
  );
}

function CompanyField({
  contact,
  readOnly,
  onSave,
}: {
  contact: Contact;
  readOnly: boolean;
  onSave: (v: unknown) => Promise<unknown>;
}) {
  const current: PickedCompany | null =
    contact.companyId && contact.companyName ? { id: contact.companyId, name: contact.companyName } : null;
  return (
    <InlineField<PickedCompany | null>
      label="Company"
      display={
        current ? (
          <Anchor component={Link} to={`/my-contacts/companies/${current.id}`} size="sm" fw={500}>
            {current.name}
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            Not linked to a company
          </Text>
        )
      }
      initialValue={current}
      errorPath="companyId"
      readOnly={readOnly}
      onSave={(company) => onSave(company?.id ?? null)}
      renderEditor={({ value, setValue, save, error, label, onKeyDown }) => (
        <CompanyPicker
          label={label}
          value={value}
          onChange={(company) => {
            setValue(company);
            save(company);
          }}
          error={error}
          onKeyDown={onKeyDown}
          autoFocus
        />
      )}
    />
  );
}

/** The other people at the same company, with a link to all of them in the grid. */
function CompanyContacts({
  companyId,
  companyName,
  currentId,
}: {
  companyId: string;
  companyName: string;
  currentId: string;
}) {
  const filter = { and: [{ field: 'companyId', op: 'is' as const, value: companyId }] };
  // The grid link filters by name, which reads well as a chip ("Company is Acme").
  const gridFilter = { and: [{ field: 'companyName', op: 'is' as const, value: companyName }] };
  const colleagues = useQuery({
    queryKey: ['contacts', 'company-contacts', companyId],
    queryFn: ({ signal }) => fetchContactsPage({ limit: 8, q: '', filter, sort: 'firstName', count: true, signal }),
  });
  if (colleagues.isPending) return <Skeleton height={40} />;
  if (colleagues.isError) return null;
  const others = colleagues.data.data.filter((c) => c.id !== currentId);
  const total = (colleagues.data.total ?? colleagues.data.data.length) - 1;
  if (others.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No one else from this company is in your contacts.
      </Text>
    );
  }
  return (
    <Stack gap={6}>
      <Text size="xs" c="dimmed" fw={500}>
        Others at this company ({total.toLocaleString()})
      </Text>
      <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {others.slice(0, 7).map((c) => (
          <li key={c.id}>
            <Anchor component={Link} to={contactHref(c)} size="sm">
              {contactName(c)}
            </Anchor>
            {c.jobTitle && (
              <Text span size="sm" c="dimmed">
                {' '}
                · {c.jobTitle}
              </Text>
            )}
          </li>
        ))}
      </Stack>
      {total > others.slice(0, 7).length && (
        <Anchor
          component={Link}
          to={`/my-contacts/contacts?filter=${encodeURIComponent(JSON.stringify(gridFilter))}`}
          size="sm"
        >
          See all {total.toLocaleString()} in the grid
        </Anchor>
      )}
    </Stack>
  );
}
