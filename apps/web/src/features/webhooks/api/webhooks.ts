import {
  webhookCreatedSchema,
  webhookDeliveryPageSchema,
  webhookDeliverySchema,
  webhookListSchema,
  webhookSchema,
  type WebhookCreate,
  type WebhookUpdate,
} from '@leadtrail/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const webhooksKey = ['webhooks'] as const;
const deliveriesKey = (id: string) => [...webhooksKey, id, 'deliveries'] as const;

export const webhooksQueryOptions = () =>
  queryOptions({
    queryKey: webhooksKey,
    queryFn: ({ signal }) => api.get('/api/v1/webhooks', { schema: webhookListSchema, signal }),
  });

export const useWebhooks = () => useQuery(webhooksQueryOptions());

/** An endpoint's newest deliveries; polled while any is waiting to be sent, so the log follows the worker. */
export const useWebhookDeliveries = (id: string | null) =>
  useQuery({
    queryKey: deliveriesKey(id ?? ''),
    queryFn: ({ signal }) => api.get(`/api/v1/webhooks/${id}/deliveries?limit=50`, { schema: webhookDeliveryPageSchema, signal }),
    enabled: !!id,
    refetchInterval: (query) => (query.state.data?.data.some((d) => d.status === 'pending') ? 2000 : 5000),
  });

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: webhooksKey });
}

export function useCreateWebhook() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: WebhookCreate) => api.post('/api/v1/webhooks', body, { schema: webhookCreatedSchema }),
    onSuccess: () => refresh(),
  });
}

export function useUpdateWebhook() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: WebhookUpdate }) => api.patch(`/api/v1/webhooks/${id}`, body, { schema: webhookSchema }),
    onSuccess: () => refresh(),
  });
}

export function useDeleteWebhook() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/v1/webhooks/${id}`),
    onSuccess: () => refresh(),
  });
}

export function useTestWebhook() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api.post(`/api/v1/webhooks/${id}/test`, undefined, { schema: webhookDeliverySchema }),
    onSuccess: () => refresh(),
  });
}

export function useResendDelivery() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, deliveryId }: { id: string; deliveryId: string }) =>
      api.post(`/api/v1/webhooks/${id}/deliveries/${deliveryId}/resend`, undefined, { schema: webhookDeliverySchema }),
    onSuccess: () => refresh(),
  });
}
