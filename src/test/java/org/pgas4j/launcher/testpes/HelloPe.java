package org.pgas4j.launcher.testpes;

/** Prints {@code hello <args[0]>} without touching pgas4j: a program for the local transport. */
public final class HelloPe {
    private HelloPe() {
    }

    /** @param args a word to print */
    public static void main(String[] args) {
        System.out.println("hello " + args[0]);
    }
}
