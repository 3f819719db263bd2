package dev.docsassistant.integrations;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The classes one class file refers to, read from its constant pool: class entries and the types in
 * field and method descriptors. Lets a plugin be checked when it loads, not when a page first calls the
 * line that needs a class it cannot see.
 */
final class ClassReferences {
    private static final Pattern DESCRIPTOR_TYPE = Pattern.compile("L([^;<>]+);");

    private ClassReferences() {
    }

    /** Binary names ({@code com.example.Foo$Bar}) of every class referred to; array and primitive types left out. */
    static Set<String> of(InputStream classFile) throws IOException {
        DataInputStream in = new DataInputStream(classFile);
        if (in.readInt() != 0xCAFEBABE) {
            throw new IOException("not a class file");
        }
        in.readUnsignedShort(); // minor
        in.readUnsignedShort(); // major
        int count = in.readUnsignedShort();
        String[] utf8 = new String[count];
        int[] classNameIndex = new int[count];
        int[] descriptorIndex = new int[count];
        for (int i = 1; i < count; i++) {
            int tag = in.readUnsignedByte();
            switch (tag) {
                case 1 -> utf8[i] = in.readUTF();
                case 7 -> classNameIndex[i] = in.readUnsignedShort();
                case 16 -> descriptorIndex[i] = in.readUnsignedShort(); // MethodType
                case 12 -> { // NameAndType
                    in.readUnsignedShort();
                    descriptorIndex[i] = in.readUnsignedShort();
                }
                case 8, 19, 20 -> in.readUnsignedShort(); // String, Module, Package
                case 3, 4, 9, 10, 11, 17, 18 -> in.readInt(); // Integer, Float, refs, (Invoke)Dynamic
                case 15 -> { // MethodHandle
                    in.readUnsignedByte();
                    in.readUnsignedShort();
                }
                case 5, 6 -> { // Long, Double take two slots
                    in.readLong();
                    i++;
                }
                default -> throw new IOException("unknown constant pool tag " + tag);
            }
        }
        Set<String> names = new TreeSet<>();
        for (int i = 1; i < count; i++) {
            if (classNameIndex[i] != 0) {
                addClassName(utf8[classNameIndex[i]], names);
            }
            if (descriptorIndex[i] != 0) {
                Matcher m = DESCRIPTOR_TYPE.matcher(utf8[descriptorIndex[i]]);
                while (m.find()) {
                    names.add(m.group(1).replace('/', '.'));
                }
            }
        }
        return names;
    }

    private static void addClassName(String internal, Set<String> names) {
        if (internal.startsWith("[")) {
            Matcher m = DESCRIPTOR_TYPE.matcher(internal);
            if (m.find()) {
                names.add(m.group(1).replace('/', '.'));
            }
        } else {
            names.add(internal.replace('/', '.'));
        }
    }
}
