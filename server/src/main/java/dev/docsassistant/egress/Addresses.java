package dev.docsassistant.egress;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.util.Arrays;

/**
 * Which addresses are internal: a request from the server to one of them reaches what only the server's
 * own network should (its management port, a database, the cloud's metadata service at 169.254.169.254).
 */
final class Addresses {
    private Addresses() {
    }

    /** Loopback, private, shared (CGNAT), link-local, unspecified, multicast, broadcast or reserved. */
    static boolean internal(InetAddress address) {
        if (address.isLoopbackAddress() || address.isAnyLocalAddress() || address.isLinkLocalAddress()
                || address.isSiteLocalAddress() || address.isMulticastAddress()) {
            return true;
        }
        byte[] b = address.getAddress();
        if (address instanceof Inet4Address) {
            return internal4(b);
        }
        if (address instanceof Inet6Address) {
            int first = b[0] & 0xff;
            if ((first & 0xfe) == 0xfc) {
                return true; // fc00::/7, unique local (fd00:ec2::254 is a metadata address)
            }
            if (first == 0xfe && (b[1] & 0xc0) == 0xc0) {
                return true; // fec0::/10, the old site-local
            }
            byte[] embedded = embedded4(b);
            return embedded != null && internal4(embedded);
        }
        return true;
    }

    private static boolean internal4(byte[] b) {
        int a0 = b[0] & 0xff;
        int a1 = b[1] & 0xff;
        return a0 == 0 // 0.0.0.0/8, "this network"
                || a0 == 10 || a0 == 127
                || (a0 == 100 && (a1 & 0xc0) == 64) // 100.64.0.0/10, shared address space
                || (a0 == 169 && a1 == 254)
                || (a0 == 172 && (a1 & 0xf0) == 16)
                || (a0 == 192 && a1 == 168)
                || (a0 == 192 && a1 == 0 && (b[2] & 0xff) == 0) // 192.0.0.0/24, protocol assignments
                || (a0 == 198 && (a1 & 0xfe) == 18) // 198.18.0.0/15, benchmarking
                || a0 >= 224; // multicast, reserved and broadcast
    }

    /**
     * The IPv4 address inside an IPv4-mapped ({@code ::ffff:a.b.c.d}), IPv4-compatible ({@code ::a.b.c.d}),
     * NAT64 ({@code 64:ff9b::/96}) or 6to4 ({@code 2002::/16}) address, which reach that IPv4 host.
     */
    private static byte[] embedded4(byte[] b) {
        boolean zeros80 = Arrays.equals(Arrays.copyOfRange(b, 0, 10), new byte[10]);
        if (zeros80 && ((b[10] == (byte) 0xff && b[11] == (byte) 0xff) || (b[10] == 0 && b[11] == 0))) {
            return Arrays.copyOfRange(b, 12, 16);
        }
        if (b[0] == 0 && b[1] == 0x64 && b[2] == (byte) 0xff && b[3] == (byte) 0x9b
                && Arrays.equals(Arrays.copyOfRange(b, 4, 12), new byte[8])) {
            return Arrays.copyOfRange(b, 12, 16);
        }
        if (b[0] == 0x20 && b[1] == 0x02) {
            return Arrays.copyOfRange(b, 2, 6);
        }
        return null;
    }
}
