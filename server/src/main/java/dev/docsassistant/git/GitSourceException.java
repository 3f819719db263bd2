package dev.docsassistant.git;

/**
 * A Git source could not give a tree: the URL is not reachable, the branch, commit or path is
 * missing, or the credentials are not set. The message is the reason a deployment fails with, and
 * never holds a credential.
 */
public class GitSourceException extends RuntimeException {
    public GitSourceException(String reason) {
        super(reason);
    }

    public GitSourceException(String reason, Throwable cause) {
        super(reason, cause);
    }
}
