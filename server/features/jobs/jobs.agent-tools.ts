// A job's status for AI agents (issue 33): `job_status` {jobId} answers the job as `/api/jobs/{id}` does, for the
// token owner's own jobs only (another owner's job is not found either).
import { z } from 'zod';
import { ERROR_CODES } from '../../../common/errors';
import { agentTool, type AgentTool } from '../../agent-tools/agent-tools';
import { AppError } from '../../errors';
import { toJobView, type JobStore } from '../../jobs/job-store';

export function jobsAgentTools({ jobStore }: { jobStore: JobStore }): AgentTool[] {
  return [
    agentTool({
      name: 'job_status',
      title: 'Job status',
      description:
        'The state of one of your jobs (a bulk edit, an import, a restore): state, counts of done, failed and skipped items, progress and errors, as /api/jobs/{id} answers it.',
      access: 'read',
      input: { jobId: z.string().min(1).max(100).describe('The job id a write answered') },
      run: async ({ jobId }, context) => {
        const row = await jobStore.getView(jobId);
        if (!row || row.owner !== `user:${context.userId}`) {
          throw new AppError(ERROR_CODES.jobNotFound, 'This job was not found');
        }
        return { job: toJobView(row) };
      },
    }),
  ];
}
