import { ErasePersonButton } from '../../../features/privacy/components/erase-person-button';
import { contactSpec } from '../../../features/records/contacts/contact-spec';
import { recordDetailPage } from './record-detail-pages';

/** A contact's page; owners and admins can erase the person everywhere (issue 15). */
export const Component = recordDetailPage(contactSpec, {
  actions: (row, viewer) =>
    viewer.isManager && row.email ? <ErasePersonButton email={row.email} name={contactSpec.name(row)} /> : null,
});
