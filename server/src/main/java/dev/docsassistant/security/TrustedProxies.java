package dev.docsassistant.security;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;

/**
 * The reverse proxies whose {@code X-Forwarded-For} is believed
 * ({@code docs-assistant.security.trusted-proxies}: addresses and CIDR blocks, default none). A request
 * from anyone else is counted by its socket address, whatever headers it sends.
 */
public final class TrustedProxies {
    private final List<Block> blocks;

    private record Block(byte[] network, int prefixBits) {
        boolean contains(InetAddress address) {
            byte[] a = address.getAddress();
            if (a.length != network.length) {
                return false;
            }
            int full = prefixBits / 8;
            for (int i = 0; i < full; i++) {
                if (a[i] != network[i]) {
                    return false;
                }
            }
            int rest = prefixBits % 8;
            if (rest == 0) {
                return true;
            }
            int mask = (0xff << (8 - rest)) & 0xff;
            return (a[full] & mask) == (network[full] & mask);
        }
    }

    public static final TrustedProxies NONE = new TrustedProxies(List.of());

    private TrustedProxies(List<Block> blocks) {
        this.blocks = blocks;
    }

    /**
     * Parses entries such as {@code 10.0.0.5}, {@code 10.0.0.0/8}, {@code ::1}, {@code fd00::/8}.
     *
     * @throws IllegalArgumentException naming the entry that is not an address or CIDR block
     */
    public static TrustedProxies parse(List<String> entries) {
        List<Block> blocks = new ArrayList<>();
        for (String entry : entries) {
            String e = entry.trim();
            int slash = e.indexOf('/');
            InetAddress address = ClientAddress.parseLiteral(slash < 0 ? e : e.substring(0, slash));
            if (address == null || e.startsWith("[")) {
                throw new IllegalArgumentException("'" + entry + "' is not an IP address or CIDR block");
            }
            int max = address.getAddress().length * 8;
            int bits = max;
            if (slash >= 0) {
                try {
                    bits = Integer.parseInt(e.substring(slash + 1));
                } catch (NumberFormatException ex) {
                    bits = -1;
                }
                if (bits < 0 || bits > max) {
                    throw new IllegalArgumentException("'" + entry + "': the prefix length must be 0–" + max);
                }
            }
            blocks.add(new Block(address.getAddress(), bits));
        }
        return new TrustedProxies(List.copyOf(blocks));
    }

    public boolean trusts(InetAddress address) {
        InetAddress a = ClientAddress.unmap(address);
        return blocks.stream().anyMatch(b -> b.contains(a));
    }

    /**
     * The client of a request that arrived from {@code peer} with these {@code X-Forwarded-For} header
     * values (in the order received). Only when the peer is trusted is the header read, from the right:
     * the first address that is not a trusted proxy is the client. An entry that is not an IP literal
     * stops the walk at the last trusted hop, so a garbled header cannot pick an arbitrary address.
     */
    public ClientAddress client(InetAddress peer, List<String> forwardedFor) {
        InetAddress current = ClientAddress.unmap(peer);
        if (!trusts(current) || forwardedFor.isEmpty()) {
            return new ClientAddress(current);
        }
        List<String> hops = new ArrayList<>();
        for (String header : forwardedFor) {
            for (String hop : header.split(",")) {
                if (!hop.isBlank()) {
                    hops.add(hop.trim());
                }
            }
        }
        for (int i = hops.size() - 1; i >= 0; i--) {
            InetAddress hop = ClientAddress.parseLiteral(hops.get(i));
            if (hop == null) {
                return new ClientAddress(current);
            }
            current = hop;
            if (!trusts(hop)) {
                return new ClientAddress(hop);
            }
        }
        return new ClientAddress(current);
    }
}
