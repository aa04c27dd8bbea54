import type { CreditsService } from './credits.service.js';

const USAGE = 'usage: credits adjust --workspace <id> --amount <whole number, + or -> --reason <text>';

const arg = (args: string[], name: string): string | undefined => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};

/**
 * The operator's command (`npx tsx apps/server/src/main.ts credits adjust …`): corrections are
 * adjustment rows in the ledger, never an API call. Answers the process exit code.
 */
export async function runCreditsCommand(args: string[], credits: CreditsService, print: (msg: string) => void): Promise<number> {
  const [sub] = args;
  const workspaceId = arg(args, 'workspace');
  const amount = Number(arg(args, 'amount'));
  const reason = arg(args, 'reason') ?? '';
  if (sub !== 'adjust' || !workspaceId || !/^[0-9a-f-]{36}$/i.test(workspaceId) || !Number.isInteger(amount) || amount === 0 || !reason.trim()) {
    print(USAGE);
    return 2;
  }
  try {
    const { balance } = await credits.adjust(workspaceId, amount, reason);
    print(`credits: ${amount > 0 ? '+' : ''}${amount} to workspace ${workspaceId}; balance now ${balance}`);
    return 0;
  } catch (err) {
    print(`credits: adjustment refused: ${(err as Error).message}`);
    return 1;
  }
}
