-- When each file of a deployment was last changed (epoch milliseconds; NULL for deployments made
-- before): for a Git source the last commit that changed the file, else when the file was written
-- for the deployment. Every server of a fleet writes the file with it, so a page's "Last modified"
-- is the same wherever it is served.
ALTER TABLE deployment_files ADD COLUMN modified_ms BIGINT;
