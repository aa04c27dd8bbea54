import { contactSpec } from '../../../features/records/contacts/contact-spec';
import { recordsLoader, recordsPage } from './record-pages';

export const Component = recordsPage(contactSpec);
export const loader = recordsLoader(contactSpec);
