"""RQ jobs that resolve automatic phases, the queue, and the sweeper."""
