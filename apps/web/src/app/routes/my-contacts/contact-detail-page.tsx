import { contactSpec } from '../../../features/records/contacts/contact-spec';
import { recordDetailPage } from './record-pages';

export const Component = recordDetailPage(contactSpec);
