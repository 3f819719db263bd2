package dev.docsassistant.testing;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.net.spi.InetAddressResolver;
import java.net.spi.InetAddressResolverProvider;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * The wildcard DNS record a deployment gives its load balancer ({@code *.docs.example.com}), for the
 * tests: every name under {@code loopback.test} (in the reserved {@code .test} top-level domain,
 * RFC 6761, never in real DNS) is 127.0.0.1, so clients reach a local proxy by the names a user
 * types, with the SNI and {@code :authority} those names give. Every other name, other {@code .test}
 * names included, goes to the system's resolver.
 */
public final class TestDomainResolver extends InetAddressResolverProvider {
    public static final String SUFFIX = ".loopback.test";

    @Override
    public InetAddressResolver get(Configuration configuration) {
        InetAddressResolver system = configuration.builtinResolver();
        return new InetAddressResolver() {
            @Override
            public Stream<InetAddress> lookupByName(String host, LookupPolicy policy) throws UnknownHostException {
                if (host.toLowerCase(Locale.ROOT).endsWith(SUFFIX)) {
                    return Stream.of(InetAddress.getByAddress(host, new byte[] {127, 0, 0, 1}));
                }
                return system.lookupByName(host, policy);
            }

            @Override
            public String lookupByAddress(byte[] addr) throws UnknownHostException {
                return system.lookupByAddress(addr);
            }
        };
    }

    @Override
    public String name() {
        return "docs-assistant tests: *.loopback.test is 127.0.0.1";
    }
}
