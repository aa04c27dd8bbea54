import { contactSpec } from '../../../features/records/contacts/contact-spec';
import { recordsPage } from './record-pages';

export const Component = recordsPage(contactSpec);
