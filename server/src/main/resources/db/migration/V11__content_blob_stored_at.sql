-- Deployment housekeeping (issue 29): content no deployment lists any more is deleted, but a blob is
-- written before the deployment that lists it (DeploymentStore.putBlobs), possibly by another server
-- of the fleet. stored_at (epoch milliseconds) is set when a deployment stores or reuses a blob, so the
-- sweep deletes only unreferenced blobs no deployment has touched for a while. NULL: stored before
-- this column existed (old enough).
ALTER TABLE content_blobs ADD COLUMN stored_at BIGINT
