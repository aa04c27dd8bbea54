import { useNavigate, useParams } from 'react-router';
import { AcceptInvitation } from '../../../features/invitations/components/accept-invitation';

export function Component() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  return <AcceptInvitation token={token} onJoined={() => void navigate('/', { replace: true })} />;
}
