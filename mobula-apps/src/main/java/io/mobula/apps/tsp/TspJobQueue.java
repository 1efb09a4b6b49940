package io.mobula.apps.tsp;

import java.util.concurrent.atomic.AtomicInteger;

/** The job queue: jobs are numbered, so it hands out numbers. */
public class TspJobQueue implements TspJobs {
    private final AtomicInteger next = new AtomicInteger();
    private final int jobs;

    public TspJobQueue(int jobs) {
        this.jobs = jobs;
    }

    @Override
    public int nextJob() {
        int j = next.getAndIncrement();
        return j < jobs ? j : -1;
    }
}
