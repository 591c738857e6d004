"""manille"""
