package dev.docsassistant.security;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;

/**
 * A client's IP address as the rate limits count it. IPv6 clients are counted per /64, the block one
 * subscriber gets, so rotating through one's own addresses does not multiply the allowance.
 */
public record ClientAddress(InetAddress address) {

    /** The key of the client's address bucket: the IPv4 address, or the IPv6 /64 prefix. */
    public String bucketKey() {
        if (address instanceof Inet6Address) {
            byte[] b = Arrays.copyOf(address.getAddress(), 16);
            Arrays.fill(b, 8, 16, (byte) 0);
            try {
                return InetAddress.getByAddress(b).getHostAddress() + "/64";
            } catch (UnknownHostException e) {
                throw new IllegalStateException(e);
            }
        }
        return address.getHostAddress();
    }

    @Override
    public String toString() {
        return address.getHostAddress();
    }

    /**
     * Parses an IP literal, never a host name (no DNS look-up): {@code 1.2.3.4}, {@code ::1},
     * {@code [::1]}, with an optional {@code :port} after IPv4 or bracketed IPv6. Returns null when
     * {@code text} is not one.
     */
    public static InetAddress parseLiteral(String text) {
        if (text == null) {
            return null;
        }
        String s = text.trim();
        if (s.startsWith("[")) {
            int close = s.indexOf(']');
            if (close < 0) {
                return null;
            }
            s = s.substring(1, close);
        } else if (s.indexOf(':') >= 0 && s.indexOf(':') == s.lastIndexOf(':') && s.indexOf('.') > 0) {
            s = s.substring(0, s.indexOf(':')); // IPv4 with a port
        }
        boolean ipv4 = s.matches("\\d{1,3}(\\.\\d{1,3}){3}");
        boolean ipv6 = s.indexOf(':') >= 0 && s.matches("[0-9A-Fa-f:.]{2,45}");
        if (!ipv4 && !ipv6) {
            return null;
        }
        try {
            return unmap(InetAddress.getByName(s)); // a literal: parsed, not resolved
        } catch (UnknownHostException e) {
            return null;
        }
    }

    /** An IPv4-mapped IPv6 address ({@code ::ffff:1.2.3.4}) as the IPv4 address it carries. */
    public static InetAddress unmap(InetAddress address) {
        if (address instanceof Inet6Address) {
            byte[] b = address.getAddress();
            boolean mapped = true;
            for (int i = 0; i < 10; i++) {
                mapped &= b[i] == 0;
            }
            if (mapped && b[10] == (byte) 0xff && b[11] == (byte) 0xff) {
                try {
                    return Inet4Address.getByAddress(Arrays.copyOfRange(b, 12, 16));
                } catch (UnknownHostException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
        return address;
    }
}
